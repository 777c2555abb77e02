import { ImagePlus, X } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useMemo, useState } from 'react';
import { ACCEPTED_IMAGE_TYPES, imageLimitsHint, pickImages } from '../model/message-images';

interface ImagePickerProps {
  images: File[];
  onChange: (images: File[]) => void;
  disabled?: boolean;
}

/** Choose images for a message: previews of the chosen ones, each removable, and why any was left out. */
export function ImagePicker({ images, onChange, disabled }: ImagePickerProps) {
  const id = useId();
  const [problems, setProblems] = useState<string[]>([]);

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = pickImages(images, Array.from(event.target.files ?? []));
    // The same file may be picked again after it was removed.
    event.target.value = '';
    setProblems(picked.problems);
    onChange(picked.images);
  };

  return (
    <div className="grid gap-2">
      <label
        htmlFor={id}
        className="inline-flex w-fit cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500"
      >
        <ImagePlus className="h-4 w-4" aria-hidden="true" />
        Attach images
        <input
          id={id}
          type="file"
          multiple
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          aria-describedby={`${id}-hint`}
          disabled={disabled}
          onChange={onPick}
          className="sr-only"
        />
      </label>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {imageLimitsHint()}
      </p>
      {problems.length > 0 && (
        <ul role="alert" className="grid gap-1 text-xs font-medium text-red-700">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {images.length > 0 && (
        <ul aria-label="Chosen images" className="flex flex-wrap gap-2">
          {images.map((image, index) => (
            <ChosenImage
              key={`${image.name}-${index}`}
              image={image}
              disabled={disabled}
              onRemove={() => onChange(images.filter((_, other) => other !== index))}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function ChosenImage({ image, onRemove, disabled }: { image: File; onRemove: () => void; disabled?: boolean }) {
  const preview = useObjectUrl(image);
  return (
    <li className="relative">
      <img src={preview} alt={image.name} className="h-16 w-16 rounded-md border border-slate-200 object-cover" />
      <button
        type="button"
        aria-label={`Remove ${image.name}`}
        disabled={disabled}
        onClick={onRemove}
        className="absolute -top-2 -right-2 rounded-full bg-slate-800 p-0.5 text-white hover:bg-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
      >
        <X className="h-3 w-3" aria-hidden="true" />
      </button>
    </li>
  );
}

/** A blob URL for a preview, revoked when the file goes so the browser can free it. */
function useObjectUrl(file: File): string | undefined {
  const url = useMemo(() => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  return url;
}
