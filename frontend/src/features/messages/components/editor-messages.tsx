import { Mail } from 'lucide-react';
import { type AssignableReviewer, toApiError } from '@/shared/api';
import { personName } from '@/shared/lib/person-name';
import { MESSAGE_POLLING, useGetEditorMessagesQuery } from '../api/messages-api';
import { MESSAGE_STRINGS } from '../model/message-strings';
import { ConversationPanel } from './conversation-panel';
import { UnreadBadge } from './unread-badge';

/** The reviewers an editor may write to, as the page asks the review feature for them. */
export interface MessageableReviewers {
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
  data?: AssignableReviewer[];
}

/**
 * The admin dashboard's Messages tab: every message between the editorial team and reviewers.
 * The active reviewers an editor may write to are the reviewers papers may be assigned to.
 */
export function EditorMessages({ reviewers }: { reviewers: MessageableReviewers }) {
  const list = useGetEditorMessagesQuery(undefined, MESSAGE_POLLING);

  return (
    <ConversationPanel
      title="Messages"
      icon={Mail}
      description="Messages between the editorial team and reviewers, newest first. A reviewer's message is for every editor."
      composeLabel={MESSAGE_STRINGS.messageReviewer}
      composeDescription="Write to one active reviewer. They are e-mailed that a message is waiting."
      emptyText={MESSAGE_STRINGS.noEditorMessages}
      list={list}
      recipients={{
        isLoading: reviewers.isLoading,
        error: reviewers.isError ? toApiError(reviewers.error).message : undefined,
        options: (reviewers.data ?? []).map((reviewer) => ({ value: reviewer.userId, label: `${personName(reviewer)} (${reviewer.email})` })),
      }}
    />
  );
}

/** The Messages tab's badge: what reviewers wrote that no editor has opened, kept fresh while /admin is open. */
export function EditorUnreadBadge() {
  const { data } = useGetEditorMessagesQuery(undefined, MESSAGE_POLLING);
  return <UnreadBadge count={data?.unread} />;
}
