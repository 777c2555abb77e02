// Tabs of one browser share the session, so a payment verified in one (the checkout tab, which
// comes back to /submit) concerns them all. The tab that verified it says so here, and the /submit
// tab that opened the checkout re-reads the fee at once instead of waiting to be reloaded.

const CHANNEL_NAME = 'journal-payments';

interface PaymentMessage {
  type: 'paid';
}

function isPaymentMessage(data: unknown): data is PaymentMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'paid';
}

/** Tells the other tabs that this tab saw the fee verified. */
export function announcePaid(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.postMessage({ type: 'paid' } satisfies PaymentMessage);
  channel.close();
}

/** Calls `listener` when another tab says it saw the fee verified; returns the unsubscribe. */
export function onPaidElsewhere(listener: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (isPaymentMessage(event.data)) listener();
  };
  return () => channel.close();
}
