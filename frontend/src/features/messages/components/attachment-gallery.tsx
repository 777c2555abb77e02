import { ArrowLeft, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { type MessageAttachment } from '@/shared/api';
import { Button } from '@/shared/ui';

/**
 * A message's images as thumbnails; a click shows one at full size in place. The images come from
 * the API with the reader's session (only the sender, the recipients and editors may fetch them).
 */
export function AttachmentGallery({ attachments }: { attachments: readonly MessageAttachment[] }) {
  const [viewing, setViewing] = useState<MessageAttachment | null>(null);
  if (attachments.length === 0) return null;

  if (viewing) {
    return (
      <figure className="grid gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button variant="ghost" size="sm" onClick={() => setViewing(null)}>
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Back to the message
          </Button>
          <a href={viewing.url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-sm text-indigo-700 hover:underline">
            Open in a new tab
            <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
          </a>
        </div>
        <img src={viewing.url} alt={viewing.name} className="max-h-[70vh] w-full rounded-md border border-slate-200 object-contain" />
        <figcaption className="text-xs break-all text-slate-500">{viewing.name}</figcaption>
      </figure>
    );
  }

  return (
    <ul aria-label="Attached images" className="flex flex-wrap gap-3">
      {attachments.map((attachment) => (
        <li key={attachment.id}>
          <button
            type="button"
            aria-label={`View ${attachment.name} full size`}
            onClick={() => setViewing(attachment)}
            className="block rounded-md focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
          >
            <img
              src={attachment.url}
              alt={attachment.name}
              loading="lazy"
              className="h-24 w-24 rounded-md border border-slate-200 object-cover hover:opacity-90"
            />
          </button>
        </li>
      ))}
    </ul>
  );
}
