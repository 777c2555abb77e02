// What a message must hold before the browser sends it. The server checks the same (and answers
// 400 in words); checking here first means a blank message is never sent at all (spec section 5).

/** The server's caps (backend messaging/dtos/message.dto.ts); a test holds them to openapi.json. */
export const MESSAGE_LIMITS = { subject: 200, body: 10_000 } as const;

export interface MessageDraft {
  subject: string;
  body: string;
}

/** A field is blank when nothing but white space is left; the server trims the same way. */
export const isBlank = (value: string): boolean => value.trim().length === 0;

/** '12 / 200' under a field: the limit said, and how close the text is to it. */
export function lengthHint(value: string, limit: number): string {
  return `${value.length.toLocaleString('en-US')} / ${limit.toLocaleString('en-US')} characters`;
}

/** The multipart body: text fields first, so the server has them before it streams the images. */
export function messageFormData(fields: Record<string, string>, images: readonly File[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value.trim());
  for (const image of images) form.append('images', image, image.name);
  return form;
}
