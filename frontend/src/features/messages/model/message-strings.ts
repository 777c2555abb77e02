import { type ApiError, errorToast } from '@/shared/api';
import { type ToastInput } from '@/shared/ui';

// The spec's words for messages (section 8, "Invitations, assignment and messages"); what each API
// error code says is in the shared table (error-messages.ts). 'No admin users found. Please contact
// support at {email}' is the API's own message for MESSAGE_NO_EDITORS, shown as it comes.

export const messageToasts = {
  sent: { title: 'Message sent successfully!' },
  sendFailed: { title: 'Error', description: 'Failed to send message', variant: 'destructive' },
} as const satisfies Record<string, ToastInput>;

/** The underlying error's message when it is written for people, else 'Failed to send message'. */
export function sendErrorToast(error: ApiError): ToastInput {
  return errorToast(error, { title: 'Error', fallback: messageToasts.sendFailed });
}

export const MESSAGE_STRINGS = {
  messageReviewer: 'Message Reviewer',
  newMessage: 'New Message',
  send: 'Send Message',
  sending: 'Sending...',
  reply: 'Send Reply',
  editorialTeam: 'Editorial Team',
  noEditorMessages: 'No messages yet. Use Message Reviewer to write to a reviewer.',
  noReviewerMessages: 'No messages yet. Use New Message to write to the editorial team.',
  loadFailed: 'Your messages could not be loaded. Please try again later.',
  openFailed: 'This message could not be loaded. Please try again.',
  reviewersLoading: 'Loading reviewers...',
  noReviewers: 'No reviewers available. A reviewer can be messaged once they have accepted an invitation.',
  reviewersError: (message: string) => `Error loading reviewers: ${message}`,
} as const;

/** The badge's words for a screen reader: the number alone says nothing. */
export function unreadLabel(count: number): string {
  return `${count} unread`;
}

interface Parties {
  sender: { name: string };
  recipient: { name: string };
  fromEditorialTeam: boolean;
}

/** Who wrote it: an editor writes for the editorial team, and is named with it. */
export function senderLabel(message: Parties): string {
  return message.fromEditorialTeam ? `${message.sender.name} (${MESSAGE_STRINGS.editorialTeam})` : message.sender.name;
}

/** Who it went to: a reviewer by name, or the editorial team. */
export function recipientLabel(message: Parties): string {
  return message.recipient.name;
}
