import { Mail } from 'lucide-react';
import { toApiError } from '@/shared/api';
import { personName } from '@/shared/lib/person-name';
import { MESSAGE_POLLING, useGetEditorMessagesQuery, useGetMessageRecipientsQuery } from '../api/messages-api';
import { MESSAGE_STRINGS } from '../model/message-strings';
import { ConversationPanel } from './conversation-panel';
import { UnreadBadge } from './unread-badge';

/** The admin dashboard's Messages tab: every message between the editorial team and reviewers. */
export function EditorMessages() {
  const list = useGetEditorMessagesQuery(undefined, MESSAGE_POLLING);
  const reviewers = useGetMessageRecipientsQuery();

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
