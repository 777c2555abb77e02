import { type FormEvent, useState } from 'react';
import { Dialog, SelectField, TextAreaField, TextField } from '@/shared/ui';
import { MESSAGE_LIMITS, isBlank, lengthHint } from '../model/message-draft';
import { MESSAGE_STRINGS } from '../model/message-strings';
import { type MessageTarget, useSendMessage } from '../model/use-send-message';
import { SendControls } from './send-controls';

/** The reviewers an editor may choose from, as the compose form shows them. */
export interface RecipientChoice {
  isLoading: boolean;
  /** Why the list could not be loaded. */
  error?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}

interface ComposeMessageDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** An editor chooses a reviewer; a reviewer's message always goes to the editorial team. */
  recipients?: RecipientChoice;
}

/** 'Message Reviewer' and 'New Message': subject, body and images, sent only when none is blank. */
export function ComposeMessageDialog({ open, onOpenChange, title, description, recipients }: ComposeMessageDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      {/* Inside the dialog, so closing it forgets what was written. */}
      <ComposeForm recipients={recipients} onSent={() => onOpenChange(false)} />
    </Dialog>
  );
}

function ComposeForm({ recipients, onSent }: { recipients?: RecipientChoice; onSent: () => void }) {
  const { send, problem, isSending } = useSendMessage();
  const [recipientId, setRecipientId] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [images, setImages] = useState<File[]>([]);

  const complete = !isBlank(subject) && !isBlank(body) && (!recipients || recipientId !== '');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // A blank message is not sent (spec section 5); the button says so by being unavailable.
    if (!complete || isSending) return;
    const target: MessageTarget = recipients ? { to: 'reviewer', recipientId, subject } : { to: 'editors', subject };
    if (await send(target, body, images)) onSent();
  };

  return (
    <form aria-label="Compose a message" className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
      {recipients && <RecipientField recipients={recipients} value={recipientId} onChange={setRecipientId} />}
      <TextField
        label="Subject"
        value={subject}
        maxLength={MESSAGE_LIMITS.subject}
        required
        hint={lengthHint(subject, MESSAGE_LIMITS.subject)}
        onChange={(event) => setSubject(event.target.value)}
      />
      <TextAreaField
        label="Message"
        value={body}
        rows={6}
        maxLength={MESSAGE_LIMITS.body}
        required
        hint={lengthHint(body, MESSAGE_LIMITS.body)}
        onChange={(event) => setBody(event.target.value)}
      />
      <SendControls images={images} onImagesChange={setImages} problem={problem} isSending={isSending} canSend={complete} sendLabel={MESSAGE_STRINGS.send} />
    </form>
  );
}

function RecipientField({ recipients, value, onChange }: { recipients: RecipientChoice; value: string; onChange: (id: string) => void }) {
  if (recipients.isLoading) return <p className="text-sm text-slate-600">{MESSAGE_STRINGS.reviewersLoading}</p>;
  if (recipients.error !== undefined) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {MESSAGE_STRINGS.reviewersError(recipients.error)}
      </p>
    );
  }
  if (recipients.options.length === 0) return <p className="text-sm text-slate-600">{MESSAGE_STRINGS.noReviewers}</p>;
  return (
    <SelectField
      label="Reviewer"
      placeholder="Select a reviewer"
      value={value}
      required
      onChange={(event) => onChange(event.target.value)}
      options={recipients.options}
    />
  );
}
