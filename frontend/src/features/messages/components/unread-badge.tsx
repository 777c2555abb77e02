import { unreadLabel } from '../model/message-strings';

/** The unread count beside a heading or tab; nothing at all when everything has been read. */
export function UnreadBadge({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <span
      role="status"
      aria-label={unreadLabel(count)}
      className="ml-2 inline-flex min-w-6 items-center justify-center rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white"
    >
      {count}
    </span>
  );
}
