import { MESSAGE_IMAGE_NAMES, MESSAGE_IMAGE_TYPES } from '@journal/web-shared/message-images';
import { type UploadLimits } from '@/shared/config/server-config';
import { UPLOAD_LIMITS, formatByteLimit } from '@/shared/config/upload-limits';

// The browser's first look at picked images, so a wrong file is named before anything is sent.
// The server decides by the file's content (SVG and anything else refused whatever its name).
export const ACCEPTED_IMAGE_TYPES: readonly string[] = Object.keys(MESSAGE_IMAGE_TYPES);

export interface ImagePick {
  /** The images to send: those already chosen plus the new ones that pass. */
  images: File[];
  /** What was left out and why, one sentence each. */
  problems: string[];
}

export function pickImages(chosen: readonly File[], added: readonly File[], limits: UploadLimits = UPLOAD_LIMITS): ImagePick {
  const images = [...chosen];
  const problems: string[] = [];
  const maxSize = formatByteLimit(limits.maxImageBytes, ' ');
  for (const file of added) {
    if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) {
      problems.push(`${file.name} is not a ${MESSAGE_IMAGE_NAMES} image.`);
    } else if (file.size > limits.maxImageBytes) {
      problems.push(`${file.name} is larger than ${maxSize}.`);
    } else if (images.length >= limits.maxImages) {
      problems.push(`${file.name} was left out: at most ${limits.maxImages} images per message.`);
    } else {
      images.push(file);
    }
  }
  return { images, problems };
}

/** The hint beside the picker. */
export function imageLimitsHint(limits: UploadLimits = UPLOAD_LIMITS): string {
  return `${MESSAGE_IMAGE_NAMES}; up to ${limits.maxImages} images of ${formatByteLimit(limits.maxImageBytes, ' ')} each. Location and camera details are removed.`;
}
