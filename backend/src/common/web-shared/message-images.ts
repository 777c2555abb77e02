// The images a message may carry, known to both halves: the web app's picker refuses other files
// before anything is sent, the server decides by the content (storage/upload/upload-policy.ts).
// Raster images a browser shows as they are; never SVG, which is a document that can run script.

/** MIME type → the extension the stored file is named with. */
export const MESSAGE_IMAGE_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' } as const;

export type MessageImageType = keyof typeof MESSAGE_IMAGE_TYPES;

/** The accepted types as people read them, in the refusals and hints of both halves. */
export const MESSAGE_IMAGE_NAMES = 'PNG, JPEG, GIF or WebP';
