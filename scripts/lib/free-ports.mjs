import net from 'node:net';

/**
 * Ports nobody listens on right now (127.0.0.1, TCP), all different: each is held open until all
 * are chosen, since a port closed at once may be handed out again by the next request for one.
 */
export async function freePorts(count) {
  const servers = await Promise.all(
    Array.from({ length: count }, () => new Promise((resolve, reject) => {
      const server = net.createServer();
      server.unref();
      server.on('error', reject);
      server.listen(0, '127.0.0.1', () => resolve(server));
    })),
  );
  const ports = servers.map((server) => server.address().port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}
