import { type ToastInput } from '@/shared/ui';

// The spec's comment toasts (section 8), title / description.
export const commentToasts = {
  loadFailed: { title: 'Error', description: 'Failed to load comments. Please try again.', variant: 'destructive' },
  added: { title: 'Success', description: 'Comment added successfully.' },
  addedAndNotified: { title: 'Success', description: 'Comment added and notification email sent.' },
  addedNotificationFailed: {
    title: 'Comment Added',
    description: 'Comment added successfully, but notification email failed to send.',
  },
  addFailed: { title: 'Error', description: 'Failed to add comment. Please try again.', variant: 'destructive' },
  updated: { title: 'Success', description: 'Comment updated successfully.' },
  updateFailed: { title: 'Error', description: 'Failed to update comment. Please try again.', variant: 'destructive' },
} as const satisfies Record<string, ToastInput>;
