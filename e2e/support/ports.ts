import { createServer } from 'node:net';

/**
 * Ports nobody listens on right now (127.0.0.1, TCP), all different: each is held open until all
 * are chosen, since a port closed at once may be handed out again by the next call.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from({ length: count }, () => new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
      const server = createServer();
      server.unref();
      server.on('error', reject);
      server.listen(0, '127.0.0.1', () => resolve(server));
    })),
  );
  const ports = servers.map((server) => {
    const address = server.address();
    return typeof address === 'object' && address ? address.port : 0;
  });
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  if (ports.some((port) => port === 0)) throw new Error('no free port');
  return ports;
}
