import { Button } from '@/shared/ui';
import { MESSAGE_STRINGS } from '../model/message-strings';
import { ImagePicker } from './image-picker';

interface SendControlsProps {
  images: File[];
  onImagesChange: (images: File[]) => void;
  /** Why the last send failed, said inside the form (an open dialog hides the toasts from screen readers). */
  problem: string | null;
  isSending: boolean;
  /** False while a required field is blank: nothing blank is sent. */
  canSend: boolean;
  sendLabel: string;
}

/** The end of every message form: the images, why sending failed, and the send button. */
export function SendControls({ images, onImagesChange, problem, isSending, canSend, sendLabel }: SendControlsProps) {
  return (
    <>
      <ImagePicker images={images} onChange={onImagesChange} disabled={isSending} />
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={!canSend} isLoading={isSending}>
          {isSending ? MESSAGE_STRINGS.sending : sendLabel}
        </Button>
      </div>
    </>
  );
}
