import { useState } from 'react';
import { prepareUpload, toApiError } from '@/shared/api';
import { useToast } from '@/shared/ui';
import { useReplyToMessageMutation, useSendToEditorsMutation, useSendToReviewerMutation } from '../api/messages-api';
import { messageFormData } from './message-draft';
import { messageToasts, sendErrorToast } from './message-strings';

/** Where a message goes: an editor's to one reviewer, a reviewer's to the team, or a reply. */
export type MessageTarget =
  | { to: 'reviewer'; recipientId: string; subject: string }
  | { to: 'editors'; subject: string }
  | { to: 'reply'; messageId: string };

/**
 * Sends a message with its images and says how it went ('Message sent successfully!', or the
 * underlying error / 'Failed to send message'). `send` answers whether it was sent, so the form
 * knows whether to keep what was written. A failure is also kept as `problem` for the form to show:
 * the open dialog hides the toasts from screen readers.
 */
export function useSendMessage() {
  const [sendToReviewer, toReviewer] = useSendToReviewerMutation();
  const [sendToEditors, toEditors] = useSendToEditorsMutation();
  const [reply, replying] = useReplyToMessageMutation();
  const { toast } = useToast();
  const [problem, setProblem] = useState<string | null>(null);

  const send = async (target: MessageTarget, body: string, images: readonly File[]): Promise<boolean> => {
    try {
      switch (target.to) {
        case 'reviewer': {
          const uploadId = prepareUpload({ body: messageFormData({ recipientId: target.recipientId, subject: target.subject, body }, images) });
          await sendToReviewer({ uploadId }).unwrap();
          break;
        }
        case 'editors': {
          const uploadId = prepareUpload({ body: messageFormData({ subject: target.subject, body }, images) });
          await sendToEditors({ uploadId }).unwrap();
          break;
        }
        case 'reply': {
          const uploadId = prepareUpload({ body: messageFormData({ body }, images) });
          await reply({ messageId: target.messageId, uploadId }).unwrap();
          break;
        }
      }
      toast(messageToasts.sent);
      return true;
    } catch (error) {
      const failure = sendErrorToast(toApiError(error));
      toast(failure);
      setProblem(failure.description ?? failure.title);
      return false;
    }
  };

  return { send, problem, isSending: toReviewer.isLoading || toEditors.isLoading || replying.isLoading };
}
