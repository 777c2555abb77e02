import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { APP_CONFIG, type AppConfig } from '../../src/config/app-config.js';
import { StorageService } from '../../src/modules/storage/storage.service.js';
import { createPerson, type Person, sql } from '../support/accounts.js';
import { createAssignableReviewer } from '../support/reviewers.js';
import { scratchDatabase } from '../support/scratch-database.js';
import { clearRateLimits, startTestApp, type TestApp } from '../support/test-app.js';

interface Attachment {
  id: string;
  url: string;
  type: string;
  contentType: string;
  size: number;
  name: string;
}

interface Message {
  id: string;
  parentId: string | null;
  sender: { id: string | null; name: string };
  recipient: { id: string | null; name: string };
  fromEditorialTeam: boolean;
  subject: string;
  body: string;
  isRead: boolean;
  unread: boolean;
  canReply: boolean;
  attachments: Attachment[];
}

interface MessageList {
  unread: number;
  messages: Message[];
}

interface Image {
  bytes: Buffer;
  filename: string;
  contentType: string;
}

const pixels = () => sharp({ create: { width: 16, height: 12, channels: 3, background: '#3366cc' } });

async function png(filename = 'chart.png'): Promise<Image> {
  return { bytes: await pixels().png().toBuffer(), filename, contentType: 'image/png' };
}

/** A phone photo: camera make and model, and where it was taken (GPS IFD), in EXIF. */
async function photoWithLocation(filename: string): Promise<Image> {
  const bytes = await pixels()
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMakerCo', Model: 'Pocket 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 2628/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3924/100' },
    })
    .toBuffer();
  return { bytes, filename, contentType: 'image/jpeg' };
}

/**
 * The messages are counted over the whole table (the editors' unread badge, "no admin at all"),
 * so this suite has a database of its own.
 */
describe('messages between the editorial team and reviewers', () => {
  const own = scratchDatabase('messaging');
  const previousUrl = process.env.DATABASE_URL;
  let testApp: TestApp;
  let config: AppConfig;
  let lonelyReviewer: Person;

  beforeAll(async () => {
    await own.create();
    process.env.DATABASE_URL = own.url.toString(); // read by the migrations and the app's configuration
    // Each test reads its messages' own e-mails; folding a sender's burst into a digest is message-floods.int-spec.ts's.
    testApp = await startTestApp({ env: { MESSAGE_EMAIL_WINDOW_MINUTES: '0' } });
    config = testApp.app.get<AppConfig>(APP_CONFIG);
    lonelyReviewer = await createPerson(testApp, 'reviewer');
  }, 60_000);

  afterAll(async () => {
    await testApp?.close();
    process.env.DATABASE_URL = previousUrl;
    await own.drop();
  });

  beforeEach(() => clearRateLimits(testApp));

  const as = (who: Person | null) => {
    const agent = request(testApp.server);
    const auth = (req: request.Test) => (who ? req.set('Authorization', `Bearer ${who.token}`) : req);
    return { get: (url: string) => auth(agent.get(url)), post: (url: string) => auth(agent.post(url)) };
  };

  function form(test: request.Test, fields: Record<string, string>, images: readonly Image[] = []): request.Test {
    let sent = test;
    for (const [name, value] of Object.entries(fields)) sent = sent.field(name, value);
    for (const image of images) sent = sent.attach('images', image.bytes, { filename: image.filename, contentType: image.contentType });
    return sent;
  }

  const count = async (table: 'reviewer_messages' | 'message_attachments') => Number((await sql<{ n: string }>(testApp.app, `select count(*) as n from ${table}`))[0].n);

  /** The image files stored for the user (the local storage driver: keys are paths under its directory). */
  const storedImages = async (userId: string) =>
    (await readdir(join(config.storage.dir, 'message-attachments', userId)).catch(() => [] as string[])).sort();

  const mails = (where: string, params: unknown[]) =>
    sql<{ recipient: string; data: Record<string, string>; dedupe_key: string }>(
      testApp.app,
      `select recipient, data, dedupe_key from outbox_mails where template = 'message-received' and ${where} order by recipient`,
      params,
    );

  it("answers a reviewer's message when there is no editor at all with the spec's words and the journal's address, storing nothing", async () => {
    const response = await form(as(lonelyReviewer).post('/api/messages'), { subject: 'Anyone there?', body: 'Hello?' }, [await png()]).expect(409);
    expect(response.body).toEqual({
      statusCode: 409,
      code: 'MESSAGE_NO_EDITORS',
      message: `No admin users found. Please contact support at ${config.journal.contactEmail}`,
    });
    expect(config.journal.contactEmail).toBe('editor@youngscientistsjournal.org');
    expect(await count('reviewer_messages')).toBe(0);
    expect(await storedImages(lonelyReviewer.id)).toEqual([]);
  });

  describe('with editors', () => {
    let admin: Person;
    let otherAdmin: Person;
    let reviewer: Person;
    let otherReviewer: Person;
    let author: Person;

    beforeAll(async () => {
      admin = await createPerson(testApp, 'admin');
      otherAdmin = await createPerson(testApp, 'admin');
      author = await createPerson(testApp);
      reviewer = await createAssignableReviewer(testApp, admin.token);
      otherReviewer = await createAssignableReviewer(testApp, admin.token);
    }, 60_000);

    const toReviewer = async (subject: string, images: readonly Image[] = [], recipient: Person = reviewer): Promise<Message> =>
      (await form(as(admin).post('/api/admin/messages'), { recipientId: recipient.id, subject, body: `About ${subject}: see the figure.` }, images).expect(201))
        .body as Message;

    const ownList = async (who: Person) => (await as(who).get('/api/messages/mine').expect(200)).body as MessageList;
    const adminList = async (who: Person = admin) => (await as(who).get('/api/admin/messages').expect(200)).body as MessageList;

    it("sends an editor's message with an image to one active reviewer, who alone (with the editors) may read it and its image", async () => {
      const sent = await toReviewer('Your figure 2', [await png('figure 2.png')]);
      expect(sent).toMatchObject({ subject: 'Your figure 2', fromEditorialTeam: true, recipient: { id: reviewer.id }, isRead: false, canReply: false });
      expect(sent.attachments).toHaveLength(1);
      const [image] = sent.attachments;
      expect(image).toMatchObject({ type: 'image', contentType: 'image/png', name: 'figure 2.png', url: `/api/messages/${sent.id}/attachments/${image.id}` });

      const [row] = await sql<{ storage_key: string }>(testApp.app, 'select storage_key from message_attachments where id = ?', [image.id]);
      expect(row.storage_key).toMatch(new RegExp(`^message-attachments/${admin.id}/\\d+-figure_2\\.png$`));

      for (const reader of [reviewer, admin, otherAdmin]) {
        await as(reader).get(`/api/messages/${sent.id}`).expect(200);
        const download = await as(reader).get(image.url).expect(200);
        expect(download.headers['content-type']).toBe('image/png');
        expect(download.headers['x-content-type-options']).toBe('nosniff');
        expect(download.headers['content-disposition']).toBe('inline; filename="figure 2.png"');
      }
      for (const stranger of [otherReviewer, author, lonelyReviewer]) {
        expect((await as(stranger).get(`/api/messages/${sent.id}`).expect(404)).body).toMatchObject({ code: 'NOT_FOUND' });
        await as(stranger).get(image.url).expect(404);
        await form(as(stranger).post(`/api/messages/${sent.id}/replies`), { body: 'Not mine to answer.' }).expect(404);
      }
      for (const stranger of [otherReviewer, lonelyReviewer]) expect((await ownList(stranger)).messages.some((message) => message.id === sent.id)).toBe(false);
      expect((await ownList(reviewer)).messages.some((message) => message.id === sent.id)).toBe(true);
      await as(null).get(`/api/messages/${sent.id}`).expect(401);
      await as(null).get(image.url).expect(401);
      // The image is the message's: under another message's id it is not found.
      const other = await toReviewer('Another matter');
      await as(reviewer).get(`/api/messages/${other.id}/attachments/${image.id}`).expect(404);
    });

    it('keeps lists and sending to their roles: authors and visitors get nothing', async () => {
      await as(author).get('/api/messages/mine').expect(403);
      await as(author).get('/api/admin/messages').expect(403);
      await form(as(author).post('/api/messages'), { subject: 'Hi', body: 'Hello' }).expect(403);
      await form(as(author).post('/api/admin/messages'), { recipientId: reviewer.id, subject: 'Hi', body: 'Hello' }).expect(403);
      await as(reviewer).get('/api/admin/messages').expect(403);
      await as(admin).get('/api/messages/mine').expect(403);
      await as(null).get('/api/messages/mine').expect(401);
      await as(null).get('/api/admin/messages').expect(401);
    });

    it('sends only to active reviewers', async () => {
      const before = await count('reviewer_messages');
      const response = await form(as(admin).post('/api/admin/messages'), { recipientId: lonelyReviewer.id, subject: 'Hello', body: 'Are you there?' }).expect(409);
      expect(response.body).toMatchObject({ code: 'MESSAGE_RECIPIENT_NOT_REVIEWER' });
      await form(as(admin).post('/api/admin/messages'), { recipientId: author.id, subject: 'Hello', body: 'Are you there?' }).expect(409);
      expect(await count('reviewer_messages')).toBe(before);
    });

    it('refuses a blank or overlong subject or body, saying the caps', async () => {
      const refused = async (fields: Record<string, string>) =>
        ((await form(as(reviewer).post('/api/messages'), fields).expect(400)).body as { code: string; message: string });
      expect(await refused({ subject: '   ', body: 'Text' })).toMatchObject({ code: 'VALIDATION_FAILED', message: 'subject must not be blank' });
      expect((await refused({ subject: 'Subject', body: ' \n\t ' })).message).toBe('body must not be blank');
      expect((await refused({ subject: 'x'.repeat(201), body: 'Text' })).message).toBe('subject must be at most 200 characters');
      expect((await refused({ subject: 'Subject', body: 'x'.repeat(10_001) })).message).toBe('body must be at most 10,000 characters');
      const own = await toReviewer('For a blank reply');
      expect((await form(as(reviewer).post(`/api/messages/${own.id}/replies`), { body: '  ' }).expect(400)).body).toMatchObject({ message: 'body must not be blank' });
    });

    it('refuses an SVG, an HTML file named .png, an image over 5 MB and a sixth image, keeping nothing', async () => {
      const messages = await count('reviewer_messages');
      const attachments = await count('message_attachments');
      const files = await storedImages(admin.id);
      const send = (images: Image[]) => form(as(admin).post('/api/admin/messages'), { recipientId: reviewer.id, subject: 'Images', body: 'See these.' }, images);
      const svg = { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), filename: 'logo.svg', contentType: 'image/svg+xml' };
      expect((await send([svg]).expect(415)).body).toMatchObject({ code: 'INVALID_FILE_TYPE', message: 'Please upload images only (PNG, JPEG, GIF or WebP).' });
      const html = { bytes: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'), filename: 'photo.png', contentType: 'image/png' };
      expect((await send([html]).expect(415)).body).toMatchObject({ code: 'INVALID_FILE_TYPE' });
      const head = (await png()).bytes;
      const oversized = { bytes: Buffer.concat([head, Buffer.alloc(5 * 1024 * 1024 + 1 - head.length)]), filename: 'huge.png', contentType: 'image/png' };
      expect((await send([oversized]).expect(413)).body).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'Please upload a file smaller than 5MB.' });
      const six = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => png(`figure-${n}.png`)));
      expect((await send(six).expect(400)).body).toMatchObject({ code: 'VALIDATION_FAILED', message: "Send at most 5 files, in the part 'images'." });
      expect(await count('reviewer_messages')).toBe(messages);
      expect(await count('message_attachments')).toBe(attachments);
      expect(await storedImages(admin.id)).toEqual(files);
      // Five are fine.
      expect((await send(six.slice(0, 5)).expect(201)).body).toMatchObject({ attachments: expect.arrayContaining([expect.objectContaining({ name: 'figure-5.png' })]) as unknown });
      expect(await storedImages(admin.id)).toHaveLength(files.length + 5);
    });

    it('removes location and camera metadata from a stored photo, keeping the picture', async () => {
      const photo = await photoWithLocation('IMG 0042 (home).JPG');
      const original = await sharp(photo.bytes).metadata();
      expect(original.exif).toBeDefined();
      expect(photo.bytes.includes('PhoneMakerCo')).toBe(true);

      const sent = await form(as(reviewer).post('/api/messages'), { subject: 'My lab', body: 'A photo of the set-up.' }, [photo]).expect(201);
      const [image] = (sent.body as Message).attachments;
      const [row] = await sql<{ storage_key: string }>(testApp.app, 'select storage_key from message_attachments where id = ?', [image.id]);
      expect(row.storage_key).toMatch(new RegExp(`^message-attachments/${reviewer.id}/\\d+-IMG_0042__home_\\.jpg$`));

      const opened = await testApp.app.get(StorageService).open(row.storage_key);
      const chunks: Buffer[] = [];
      for await (const chunk of opened!.stream) chunks.push(chunk as Buffer);
      const stored = Buffer.concat(chunks);
      const metadata = await sharp(stored).metadata();
      expect(metadata.format).toBe('jpeg');
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(stored.includes('PhoneMakerCo')).toBe(false);
      expect([metadata.width, metadata.height]).toEqual([16, 12]);
      expect(image.size).toBe(stored.length);

      const downloaded = await as(admin).get(image.url).buffer(true).expect(200);
      expect(downloaded.headers['content-type']).toBe('image/jpeg');
      expect((await sharp(downloaded.body as Buffer).metadata()).exif).toBeUndefined();
    });

    it("marks a message read when its recipient opens it, not when an editor looks; replies once 'Re: ', each e-mailed once", async () => {
      const otherUnread = (await ownList(reviewer)).unread;
      const sent = await toReviewer('Deadline for the review');
      expect(await mails('dedupe_key like ?', [`message:${sent.id}:%`])).toEqual([
        {
          recipient: reviewer.email,
          dedupe_key: `message:${sent.id}:${reviewer.id}`,
          data: {
            senderName: config.journal.shortName,
            messageSubject: 'Deadline for the review',
            content: 'About Deadline for the review: see the figure.',
            dashboardUrl: `${config.http.publicUrl}/reviewer-dashboard`,
          },
        },
      ]);
      expect(config.journal.shortName).toBe('YSJ');

      let mine = await ownList(reviewer);
      expect(mine.unread).toBe(otherUnread + 1);
      expect(mine.messages[0]).toMatchObject({ id: sent.id, unread: true, canReply: true });
      // An editor reading the team's own message leaves it unread for the reviewer.
      expect((await as(otherAdmin).get(`/api/messages/${sent.id}`).expect(200)).body).toMatchObject({ isRead: false, unread: false, canReply: false });
      expect((await ownList(reviewer)).unread).toBe(otherUnread + 1);
      const opened = (await as(reviewer).get(`/api/messages/${sent.id}`).expect(200)).body as Message;
      expect(opened).toMatchObject({ isRead: true, unread: false, canReply: true });
      mine = await ownList(reviewer);
      expect(mine.unread).toBe(otherUnread);
      expect(mine.messages.find((message) => message.id === sent.id)).toMatchObject({ isRead: true, unread: false });

      // The editors cannot answer their own message; the reviewer answers the team.
      expect((await form(as(admin).post(`/api/messages/${sent.id}/replies`), { body: 'Following up.' }).expect(403)).body).toMatchObject({ code: 'FORBIDDEN' });
      const editorsUnread = (await adminList()).unread;
      const reply = (await form(as(reviewer).post(`/api/messages/${sent.id}/replies`), { body: 'I will send it Friday.' }).expect(201)).body as Message;
      expect(reply).toMatchObject({ subject: 'Re: Deadline for the review', parentId: sent.id, fromEditorialTeam: false, recipient: { id: null, name: 'Editorial Team' } });
      const toEditors = await mails('dedupe_key like ?', [`message:${reply.id}:%`]);
      expect(toEditors.map((mail) => mail.recipient).sort()).toEqual([admin.email, otherAdmin.email].sort());
      expect(toEditors.every((mail) => mail.data.senderName === 'Test Person' && mail.data.messageSubject === 'Re: Deadline for the review')).toBe(true);
      expect(toEditors.every((mail) => mail.data.dashboardUrl === `${config.http.publicUrl}/admin?tab=messages`)).toBe(true);

      // Every editor sees it unread until one of them opens it, for the team.
      let list = await adminList(otherAdmin);
      expect(list.unread).toBe(editorsUnread + 1);
      expect(list.messages[0]).toMatchObject({ id: reply.id, unread: true, canReply: true });
      await form(as(reviewer).post(`/api/messages/${reply.id}/replies`), { body: 'Answering myself.' }).expect(403);
      expect((await as(reviewer).get(`/api/messages/${reply.id}`).expect(200)).body).toMatchObject({ isRead: false });
      expect((await as(admin).get(`/api/messages/${reply.id}`).expect(200)).body).toMatchObject({ isRead: true, canReply: true });
      list = await adminList(otherAdmin);
      expect(list.unread).toBe(editorsUnread);
      expect(list.messages[0]).toMatchObject({ id: reply.id, unread: false });

      // The editors' answer to 'Re: …' is 'Re: …' again, never 'Re: Re: …'.
      const answer = (await form(as(otherAdmin).post(`/api/messages/${reply.id}/replies`), { body: 'Friday is fine.' }).expect(201)).body as Message;
      expect(answer).toMatchObject({ subject: 'Re: Deadline for the review', recipient: { id: reviewer.id }, fromEditorialTeam: true });
      expect(await mails('dedupe_key like ?', [`message:${answer.id}:%`])).toHaveLength(1);
      const again = (await form(as(reviewer).post(`/api/messages/${answer.id}/replies`), { body: 'Thanks!' }).expect(201)).body as Message;
      expect(again.subject).toBe('Re: Deadline for the review');
      // Another reviewer's list shows none of this.
      expect((await ownList(otherReviewer)).messages.some((message) => [sent.id, reply.id, answer.id, again.id].includes(message.id))).toBe(false);
    });

    it("lists a reviewer's conversation and the editors' messages newest first, as plain text", async () => {
      const body = '<img src=x onerror=alert(1)> **not bold**';
      const first = (await form(as(reviewer).post('/api/messages'), { subject: 'First <b>', body }).expect(201)).body as Message;
      const second = (await form(as(reviewer).post('/api/messages'), { subject: 'Second', body: 'Later' }).expect(201)).body as Message;
      const mine = await ownList(reviewer);
      expect(mine.messages.map((message) => message.id).slice(0, 2)).toEqual([second.id, first.id]);
      expect(mine.messages[1]).toMatchObject({ subject: 'First <b>', body, sender: { id: reviewer.id, name: 'Test Person' } });
      const all = await adminList();
      expect(all.messages.map((message) => message.id).slice(0, 2)).toEqual([second.id, first.id]);
      const [mail] = await mails('dedupe_key = ?', [`message:${first.id}:${admin.id}`]);
      expect(mail.data.content).toBe(body);
    });
  });
});
