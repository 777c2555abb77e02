import { Paperclip } from 'lucide-react';
import { type ReviewerMessage } from '@/shared/api';
import { cn } from '@/shared/lib/cn';
import { formatDateTime } from '@/shared/lib/format-date';
import { recipientLabel, senderLabel } from '../model/message-strings';

interface MessageListProps {
  label: string;
  messages: readonly ReviewerMessage[];
  onOpen: (id: string) => void;
}

/**
 * Messages newest first (as the API lists them), the unread ones marked. The subject is the button
 * that opens one (named 'Unread: …' when it is), stretched over the whole row so a click anywhere
 * on it opens the message.
 */
export function MessageList({ label, messages, onOpen }: MessageListProps) {
  return (
    <ul aria-label={label} className="divide-y divide-slate-100 rounded-lg border border-slate-200">
      {messages.map((message) => (
        <li
          key={message.id}
          className={cn('relative grid gap-1 px-4 py-3 hover:bg-slate-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500', message.unread && 'bg-indigo-50/60')}
        >
          <span className="flex flex-wrap items-center justify-between gap-2">
            <button
              type="button"
              onClick={() => onOpen(message.id)}
              className={cn(
                'flex items-center gap-2 text-left break-words text-slate-900 after:absolute after:inset-0 focus-visible:outline-none',
                message.unread ? 'font-semibold' : 'font-medium',
              )}
            >
              {message.unread && (
                <>
                  <span aria-hidden="true" className="h-2 w-2 shrink-0 rounded-full bg-indigo-600" />
                  <span className="sr-only">Unread: </span>
                </>
              )}
              {message.subject}
            </button>
            <span className="text-xs text-slate-600">{formatDateTime(message.createdAt)}</span>
          </span>
          <span className="text-xs text-slate-600">
            From {senderLabel(message)} to {recipientLabel(message)}
            {message.attachments.length > 0 && (
              <span className="ml-2 inline-flex items-center gap-1">
                <Paperclip className="h-3 w-3" aria-hidden="true" />
                {message.attachments.length === 1 ? '1 image' : `${message.attachments.length} images`}
              </span>
            )}
          </span>
          <span className="line-clamp-2 text-sm whitespace-pre-line text-slate-700">{message.body}</span>
        </li>
      ))}
    </ul>
  );
}
