import { type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { type MessageList as Messages } from '@/shared/api';
import { Button, SectionCard, Spinner } from '@/shared/ui';
import { MESSAGE_STRINGS } from '../model/message-strings';
import { type RecipientChoice, ComposeMessageDialog } from './compose-message-dialog';
import { MessageDetailDialog } from './message-detail-dialog';
import { MessageList } from './message-list';
import { UnreadBadge } from './unread-badge';

interface ConversationPanelProps {
  title: string;
  icon: LucideIcon;
  description: string;
  /** The compose button's words, which also title its dialog. */
  composeLabel: string;
  composeDescription: string;
  recipients?: RecipientChoice;
  emptyText: string;
  list: { data?: Messages; isLoading: boolean; isError: boolean };
}

/** The messages card both sides share: unread badge, compose, the list, and a message opened. */
export function ConversationPanel({ title, icon, description, composeLabel, composeDescription, recipients, emptyText, list }: ConversationPanelProps) {
  const [composing, setComposing] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const messages = list.data?.messages ?? [];

  return (
    <SectionCard
      title={
        <>
          {title}
          <UnreadBadge count={list.data?.unread} />
        </>
      }
      icon={icon}
      description={description}
      action={<Button onClick={() => setComposing(true)}>{composeLabel}</Button>}
    >
      {list.isLoading ? (
        <Spinner label="Loading messages" />
      ) : list.isError && !list.data ? (
        <p role="alert" className="text-sm text-red-800">
          {MESSAGE_STRINGS.loadFailed}
        </p>
      ) : messages.length === 0 ? (
        <p className="text-sm text-slate-600">{emptyText}</p>
      ) : (
        <MessageList label={title} messages={messages} onOpen={setOpenId} />
      )}
      <ComposeMessageDialog
        open={composing}
        onOpenChange={setComposing}
        title={composeLabel}
        description={composeDescription}
        recipients={recipients}
      />
      <MessageDetailDialog
        messageId={openId}
        preview={messages.find((message) => message.id === openId)}
        onClose={() => setOpenId(null)}
      />
    </SectionCard>
  );
}
