import { type FormEvent, useState } from 'react';
import { Dialog, Spinner, TextAreaField } from '@/shared/ui';
import { formatDateTime } from '@/shared/lib/format-date';
import { type ReviewerMessage } from '@/shared/api';
import { useGetMessageQuery } from '../api/messages-api';
import { MESSAGE_LIMITS, isBlank, lengthHint } from '../model/message-draft';
import { MESSAGE_STRINGS, recipientLabel, senderLabel } from '../model/message-strings';
import { useSendMessage } from '../model/use-send-message';
import { AttachmentGallery } from './attachment-gallery';
import { SendControls } from './send-controls';

interface MessageDetailDialogProps {
  /** The message shown; null when the dialog is closed. */
  messageId: string | null;
  /** The list's copy, shown at once while the opened message (which marks it read) arrives. */
  preview?: ReviewerMessage;
  onClose: () => void;
}

/** One message in full, its images, and a reply box when the reader did not send it. */
export function MessageDetailDialog({ messageId, preview, onClose }: MessageDetailDialogProps) {
  return (
    <Dialog
      open={messageId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={preview?.subject ?? 'Message'}
    >
      {messageId !== null && <MessageDetail id={messageId} onReplied={onClose} />}
    </Dialog>
  );
}

function MessageDetail({ id, onReplied }: { id: string; onReplied: () => void }) {
  // Opening it is what marks it read, so this asks the server even when the list has it.
  const { data: message, isLoading, isError } = useGetMessageQuery(id);

  if (isLoading) return <Spinner label="Loading message" />;
  if (isError || !message) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {MESSAGE_STRINGS.openFailed}
      </p>
    );
  }
  return (
    <article aria-label="Message" className="grid gap-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium text-slate-600">From</dt>
        <dd className="text-slate-900">{senderLabel(message)}</dd>
        <dt className="font-medium text-slate-600">To</dt>
        <dd className="text-slate-900">{recipientLabel(message)}</dd>
        <dt className="font-medium text-slate-600">Sent</dt>
        <dd className="text-slate-900">{formatDateTime(message.createdAt)}</dd>
      </dl>
      {/* Plain text: React escapes it, and line breaks are kept as written. */}
      <p className="text-sm break-words whitespace-pre-wrap text-slate-800">{message.body}</p>
      <AttachmentGallery attachments={message.attachments} />
      {message.canReply && <ReplyForm messageId={message.id} onSent={onReplied} />}
    </article>
  );
}

function ReplyForm({ messageId, onSent }: { messageId: string; onSent: () => void }) {
  const { send, problem, isSending } = useSendMessage();
  const [body, setBody] = useState('');
  const [images, setImages] = useState<File[]>([]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBlank(body) || isSending) return;
    if (await send({ to: 'reply', messageId }, body, images)) onSent();
  };

  return (
    <form aria-label="Reply" className="grid gap-3 border-t border-slate-200 pt-4" onSubmit={(event) => void onSubmit(event)}>
      <TextAreaField
        label="Your reply"
        value={body}
        rows={4}
        maxLength={MESSAGE_LIMITS.body}
        required
        hint={lengthHint(body, MESSAGE_LIMITS.body)}
        onChange={(event) => setBody(event.target.value)}
      />
      <SendControls images={images} onImagesChange={setImages} problem={problem} isSending={isSending} canSend={!isBlank(body)} sendLabel={MESSAGE_STRINGS.reply} />
    </form>
  );
}
