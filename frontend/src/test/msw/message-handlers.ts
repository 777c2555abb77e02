import { MESSAGE_IMAGE_TYPES } from '@journal/web-shared/message-images';
import { HttpResponse, http } from 'msw';
import { type ApiErrorBody, type ErrorCode, type ReviewerMessage, type SessionUser } from '@/shared/api';
import { type MessageRow, db, sessionUser } from './db';
import { readMultipart } from './multipart';

// docs/api.md "Messages", against the in-memory db: who may read, reply and is counted unread.

const CONTACT = 'editor@youngscientists.example';
const IMAGE_TYPES = Object.keys(MESSAGE_IMAGE_TYPES);

function fail(statusCode: number, code: ErrorCode, message: string): Response {
  return HttpResponse.json<ApiErrorBody>({ statusCode, code, message }, { status: statusCode });
}

const ok = (body: unknown, init?: ResponseInit): Response => HttpResponse.json(body as Record<string, unknown>, init);
const caller = (): SessionUser | null => (db.accessExpired ? null : sessionUser());
const unauthenticated = () => fail(401, 'UNAUTHENTICATED', 'Authentication required');
const users = () => [...db.users.values()].map((entry) => entry.user);
const nameOf = (id: string) => {
  const user = users().find((candidate) => candidate.id === id);
  return [user?.firstName, user?.lastName].filter(Boolean).join(' ') || (user?.email ?? '');
};
const isEditor = (user: SessionUser) => user.roles.includes('admin');

/** The reader is the message's recipient side: its reviewer, or an editor for a message to the team. */
function recipientSide(row: MessageRow, reader: SessionUser): boolean {
  return row.recipientId === reader.id || (isEditor(reader) && row.recipientId === null && row.senderId !== reader.id);
}

function dto(row: MessageRow, reader: SessionUser): ReviewerMessage {
  const mine = recipientSide(row, reader);
  return {
    id: row.id,
    parentId: row.parentId,
    sender: { id: row.senderId, name: nameOf(row.senderId) },
    fromEditorialTeam: row.recipientId !== null,
    recipient: row.recipientId ? { id: row.recipientId, name: nameOf(row.recipientId) } : { id: null, name: 'Editorial Team' },
    subject: row.subject,
    body: row.body,
    isRead: row.readAt !== null,
    unread: mine && row.readAt === null,
    canReply: mine,
    createdAt: row.createdAt,
    attachments: row.attachments,
  };
}

function list(rows: MessageRow[], reader: SessionUser) {
  const messages = [...rows].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map((row) => dto(row, reader));
  return ok({ unread: messages.filter((message) => message.unread).length, messages });
}

/**
 * The form the server would accept, or its refusal; what arrived is recorded under `path` (each
 * image by its declared type: jsdom's XHR hands MSW the parts without their names and bytes).
 */
async function readMessageForm(request: Request, path: string, fieldsRequired: string[]) {
  const { fields, fileParts } = await readMultipart(request);
  const images = fileParts.filter((part) => part.field === 'images');
  (db.bodies[path] ??= []).push({ ...fields, images: images.map((image) => image.type) });
  for (const field of fieldsRequired) {
    if (!fields[field]?.trim()) return { refusal: fail(400, 'VALIDATION_FAILED', `${field} must not be blank`) } as const;
  }
  if (images.length > 5) return { refusal: fail(400, 'VALIDATION_FAILED', 'At most 5 images per message') } as const;
  if (images.some((image) => !IMAGE_TYPES.includes(image.type))) {
    return { refusal: fail(415, 'INVALID_FILE_TYPE', 'Please upload images only (PNG, JPEG, GIF or WebP).') } as const;
  }
  return { fields, images } as const;
}

function store(sender: SessionUser, recipientId: string | null, subject: string, body: string, images: Array<{ name: string; type: string; size: number }>, parentId: string | null) {
  const n = db.messages.length + 1;
  const id = `72000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const row: MessageRow = {
    id,
    parentId,
    senderId: sender.id,
    recipientId,
    subject: subject.trim(),
    body: body.trim(),
    readAt: null,
    createdAt: new Date(Date.UTC(2026, 10, 1) + n * 60_000).toISOString(),
    attachments: images.map((image, index) => {
      const attachmentId = `73000000-0000-4000-8000-${String(n * 10 + index).padStart(12, '0')}`;
      return { id: attachmentId, url: `/api/messages/${id}/attachments/${attachmentId}`, type: 'image' as const, contentType: image.type, size: image.size, name: image.name };
    }),
  };
  db.messages.push(row);
  return ok(dto(row, sender), { status: 201 });
}

const noEditors = (sender: SessionUser) => !users().some((user) => isEditor(user) && user.id !== sender.id);
const noEditorsRefusal = () => fail(409, 'MESSAGE_NO_EDITORS', `No admin users found. Please contact support at ${CONTACT}`);

export const messageHandlers = [
  http.get('*/api/admin/messages', () => {
    const user = caller();
    if (!user) return unauthenticated();
    if (!isEditor(user)) return fail(403, 'FORBIDDEN', 'Forbidden');
    return list(db.messages, user);
  }),

  http.post('*/api/admin/messages', async ({ request }) => {
    const user = caller();
    if (!user) return unauthenticated();
    if (!isEditor(user)) return fail(403, 'FORBIDDEN', 'Forbidden');
    const form = await readMessageForm(request, '/admin/messages', ['recipientId', 'subject', 'body']);
    if ('refusal' in form) return form.refusal;
    const recipient = users().find((candidate) => candidate.id === form.fields.recipientId);
    if (!recipient?.roles.includes('reviewer')) return fail(409, 'MESSAGE_RECIPIENT_NOT_REVIEWER', 'This person is not an active reviewer.');
    return store(user, recipient.id, form.fields.subject, form.fields.body, form.images, null);
  }),

  http.get('*/api/messages/mine', () => {
    const user = caller();
    if (!user) return unauthenticated();
    if (!user.roles.includes('reviewer')) return fail(403, 'FORBIDDEN', 'Forbidden');
    return list(db.messages.filter((row) => row.senderId === user.id || row.recipientId === user.id), user);
  }),

  http.post('*/api/messages', async ({ request }) => {
    const user = caller();
    if (!user) return unauthenticated();
    if (!user.roles.includes('reviewer')) return fail(403, 'FORBIDDEN', 'Forbidden');
    if (noEditors(user)) return noEditorsRefusal();
    const form = await readMessageForm(request, '/messages', ['subject', 'body']);
    if ('refusal' in form) return form.refusal;
    return store(user, null, form.fields.subject, form.fields.body, form.images, null);
  }),

  http.get('*/api/messages/:id', ({ params }) => {
    const user = caller();
    if (!user) return unauthenticated();
    const row = db.messages.find((message) => message.id === params.id);
    if (!row || !(row.senderId === user.id || row.recipientId === user.id || isEditor(user))) return fail(404, 'NOT_FOUND', 'Message not found');
    const answer = dto(row, user);
    if (recipientSide(row, user)) row.readAt ??= new Date().toISOString();
    return ok({ ...answer, isRead: row.readAt !== null, unread: false });
  }),

  http.post('*/api/messages/:id/replies', async ({ params, request }) => {
    const user = caller();
    if (!user) return unauthenticated();
    const row = db.messages.find((message) => message.id === params.id);
    if (!row || !(row.senderId === user.id || row.recipientId === user.id || isEditor(user))) return fail(404, 'NOT_FOUND', 'Message not found');
    if (!recipientSide(row, user)) return fail(403, 'FORBIDDEN', 'You cannot reply to your own message.');
    // A reviewer's reply goes to the team; an editor's reply to the reviewer who wrote.
    const toTeam = row.recipientId !== null;
    if (toTeam && noEditors(user)) return noEditorsRefusal();
    const form = await readMessageForm(request, `/messages/${row.id}/replies`, ['body']);
    if ('refusal' in form) return form.refusal;
    const subject = row.subject.startsWith('Re: ') ? row.subject : `Re: ${row.subject}`;
    return store(user, toTeam ? null : row.senderId, subject, form.fields.body, form.images, row.id);
  }),
];
