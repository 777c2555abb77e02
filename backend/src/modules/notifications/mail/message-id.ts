/**
 * The domain of the journal's Message-IDs: the sender address's domain (`MAIL_FROM`), else the
 * public URL's host.
 */
export function messageIdDomain(from: string, publicUrl: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  const domain = /@([A-Za-z0-9.-]+)\s*$/.exec(address.trim())?.[1];
  return (domain ?? new URL(publicUrl).hostname).toLowerCase();
}

/**
 * One Message-ID per outbox row, the same on every send of it, so a receiver that gets a
 * duplicate (a worker killed after SMTP accepted the message) can recognise and drop it.
 */
export function outboxMessageId(outboxId: string, domain: string): string {
  return `<${outboxId}@${domain}>`;
}
