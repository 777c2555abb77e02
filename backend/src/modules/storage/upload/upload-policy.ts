import type { Duplex } from 'node:stream';
import { RateLimitPolicy } from '../../../common/rate-limit/rate-limit.decorator.js';
import { MESSAGE_IMAGE_NAMES, MESSAGE_IMAGE_TYPES } from '../../../common/web-shared/message-images.js';
import type { AppConfig } from '../../../config/app-config.js';
import { messageAttachmentKey, paperPdfKey } from '../storage-key.js';
import { withoutImageMetadata } from './image-metadata.js';

export enum UploadKind {
  PaperPdf = 'paper-pdf',
  MessageImage = 'message-image',
}

/** What one kind of uploaded file must be, and how the refusals read. */
export interface UploadPolicy {
  kind: UploadKind;
  /** The multipart file part the files arrive in. */
  field: string;
  /** Said in messages: "the PDF goes in the part 'pdf'". */
  noun: string;
  maxBytes: number;
  /** Files the form must carry at least, and may carry at most. */
  minFiles: number;
  maxFiles: number;
  /** The text fields of the same form: how many, and how long each; and the parts of the form in all. */
  maxFields: number;
  maxFieldBytes: number;
  maxParts: number;
  /** Accepted types, decided from the content (content-sniffer.ts): MIME type → the stored key's extension. */
  types: Readonly<Record<string, string>>;
  /** Bytes the content must start with besides what the sniffer recognises (a PDF's `%PDF-` header). */
  header: Buffer | null;
  /** The stored name when the client sent none. */
  defaultName: string;
  key(ownerId: string, timestamp: number, originalName: string, extension: string): string;
  /**
   * Rewrites the checked bytes on their way to storage (what is stored is its output), or null to
   * store them as sent. Content it cannot read is refused as a wrong type.
   */
  rewrite: (() => Duplex) | null;
  messages: { wrongType: string; missing: string };
  /** The per-user limit a form of this kind spends, before a byte of it is read. */
  rateLimit: RateLimitPolicy;
}

/** Whole kilobytes and megabytes as the spec writes them ("10MB"). */
export function formatByteLimit(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)}MB`;
  if (bytes % 1024 === 0) return `${bytes / 1024}KB`;
  return `${bytes} bytes`;
}

const paperPdf = (limits: AppConfig['uploads']): UploadPolicy => ({
  kind: UploadKind.PaperPdf,
  field: 'pdf',
  noun: 'the PDF',
  maxBytes: limits.maxPdfBytes,
  minFiles: 1,
  maxFiles: 1,
  maxFields: 10,
  maxFieldBytes: 96 * 1024,
  maxParts: 20,
  types: { 'application/pdf': 'pdf' },
  header: Buffer.from('%PDF-'),
  defaultName: 'paper.pdf',
  key: (ownerId, timestamp) => paperPdfKey(ownerId, timestamp),
  rewrite: null,
  messages: { wrongType: 'Please upload a PDF file only.', missing: 'pdf: a PDF file is required' },
  rateLimit: RateLimitPolicy.Upload,
});

/** The images of common/web-shared/message-images.ts. */
const messageImage = (limits: AppConfig['uploads']): UploadPolicy => ({
  kind: UploadKind.MessageImage,
  field: 'images',
  noun: 'the images',
  maxBytes: limits.maxImageBytes,
  minFiles: 0,
  maxFiles: limits.maxImages,
  maxFields: 10,
  maxFieldBytes: 96 * 1024,
  maxParts: 20 + limits.maxImages,
  // The sniffer names an animated PNG's content image/apng; it is a PNG all the same.
  types: { ...MESSAGE_IMAGE_TYPES, 'image/apng': 'png' },
  header: null,
  defaultName: 'image',
  key: messageAttachmentKey,
  // Location and camera metadata never reach storage.
  rewrite: withoutImageMetadata,
  messages: { wrongType: `Please upload images only (${MESSAGE_IMAGE_NAMES}).`, missing: 'images: an image is required' },
  // The form is the message itself (its images are optional): it counts as one, its bytes against the attachment quota.
  rateLimit: RateLimitPolicy.Message,
});

const POLICIES: Record<UploadKind, (limits: AppConfig['uploads']) => UploadPolicy> = {
  [UploadKind.PaperPdf]: paperPdf,
  [UploadKind.MessageImage]: messageImage,
};

export function uploadPolicy(kind: UploadKind, limits: AppConfig['uploads']): UploadPolicy {
  return POLICIES[kind](limits);
}
