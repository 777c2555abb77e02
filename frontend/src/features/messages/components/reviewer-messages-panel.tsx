import { Mail } from 'lucide-react';
import { MESSAGE_POLLING, useGetMyMessagesQuery } from '../api/messages-api';
import { MESSAGE_STRINGS } from '../model/message-strings';
import { ConversationPanel } from './conversation-panel';

/** The reviewer dashboard's messages panel: the reviewer's conversation with the editorial team. */
export function ReviewerMessagesPanel() {
  const list = useGetMyMessagesQuery(undefined, MESSAGE_POLLING);
  return (
    <ConversationPanel
      title="Messages"
      icon={Mail}
      description="Your conversation with the editorial team. Your messages go to every editor."
      composeLabel={MESSAGE_STRINGS.newMessage}
      composeDescription="Write to the editorial team. Every editor sees your message and is e-mailed about it."
      emptyText={MESSAGE_STRINGS.noReviewerMessages}
      list={list}
    />
  );
}
