import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type request from 'supertest';
import { APP_CONFIG, type AppConfig } from '../../src/config/app-config.js';
import { actingAs, createPerson, type Person, sql } from '../support/accounts.js';
import { givePaidFee, pdfBytes, submissionFields } from '../support/papers.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * One account flooding the API (issue 25: 30 messages in seconds, each with 5 × 5 MB of images):
 * messages and replies, comments and PDF uploads are counted per signed-in user and answered 429
 * with Retry-After past their limit, before anything is read or stored; message images count
 * against a storage allowance per sender. Low limits set here stand for the production ones.
 */
describe('per-user limits: messages, comments, uploads and the attachment quota', () => {
  let testApp: TestApp;
  let config: AppConfig;
  let admin: Person;

  beforeAll(async () => {
    testApp = await startTestApp({
      env: {
        RATE_LIMIT_MESSAGES_PER_MINUTE: '3',
        RATE_LIMIT_MESSAGES_PER_HOUR: '100',
        RATE_LIMIT_COMMENTS_PER_MINUTE: '100',
        RATE_LIMIT_COMMENTS_PER_HOUR: '2',
        RATE_LIMIT_UPLOADS_PER_HOUR: '2',
        ATTACHMENT_QUOTA_MB_PER_USER: '1',
      },
    });
    config = testApp.app.get<AppConfig>(APP_CONFIG);
    admin = await createPerson(testApp, 'admin');
  }, 60_000);

  afterAll(async () => {
    await testApp?.close();
  });

  const as = (who: Person) => actingAs(testApp, who);
  const count = async (query: string, params: unknown[]) => Number((await sql<{ n: string }>(testApp.app, query, params))[0].n);
  const messagesOf = (who: Person) => count('select count(*) as n from reviewer_messages where sender_id = ?', [who.id]);
  const storedUnder = async (...path: string[]) => (await readdir(join(config.storage.dir, ...path)).catch(() => [] as string[])).sort();

  function message(test: request.Test, fields: Record<string, string>, images: readonly Buffer[] = []): request.Test {
    let sent = test;
    for (const [name, value] of Object.entries(fields)) sent = sent.field(name, value);
    for (const [index, image] of images.entries()) sent = sent.attach('images', image, { filename: `figure-${index}.png`, contentType: 'image/png' });
    return sent;
  }

  /** Noise does not compress: a PNG of about `side² × 3` bytes, whatever the metadata stripping does. */
  const noisyPng = (side: number) =>
    sharp({ create: { width: side, height: side, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .png({ compressionLevel: 0 })
      .toBuffer();

  function expectRateLimited(response: request.Response): void {
    expect(response.status).toBe(429);
    expect(response.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(response.body.message).toMatch(/Please try again in about \d+ (seconds?|minutes)\./);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  }

  it("counts a user's messages and replies together, refuses the one past the limit with Retry-After, and leaves other users alone", async () => {
    const [flooder, other] = await Promise.all([createPerson(testApp, 'reviewer'), createPerson(testApp, 'reviewer')]);
    const first = (await message(as(flooder).post('/api/messages'), { subject: 'One', body: 'First' }).expect(201)).body as { id: string };
    await message(as(flooder).post('/api/messages'), { subject: 'Two', body: 'Second' }).expect(201);
    const answer = (await message(as(admin).post(`/api/messages/${first.id}/replies`), { body: 'Noted.' }).expect(201)).body as { id: string };
    await message(as(flooder).post(`/api/messages/${answer.id}/replies`), { body: 'Thanks' }).expect(201);

    const sentBefore = await messagesOf(flooder);
    expectRateLimited(await message(as(flooder).post('/api/messages'), { subject: 'Four', body: 'Too many' }, [await noisyPng(8)]));
    expectRateLimited(await message(as(flooder).post(`/api/messages/${answer.id}/replies`), { body: 'Again' }));
    // Refused before the form was read: no message, no image stored.
    expect(await messagesOf(flooder)).toBe(sentBefore);
    expect(await storedUnder('message-attachments', flooder.id)).toEqual([]);

    await message(as(other).post('/api/messages'), { subject: 'Unaffected', body: 'Hello' }).expect(201);
  });

  it("counts a user's comments, refusing the one past the limit with Retry-After, and leaves other users alone", async () => {
    const [author, other] = await Promise.all([createPerson(testApp), createPerson(testApp)]);
    const paper = await submit(author);
    await as(author).post(`/api/papers/${paper.id}/comments`).send({ comment: 'One' }).expect(201);
    await as(author).post(`/api/papers/${paper.id}/comments`).send({ comment: 'Two' }).expect(201);
    expectRateLimited(await as(author).post(`/api/papers/${paper.id}/comments`).send({ comment: 'Three' }));
    expect(await count('select count(*) as n from paper_comments where paper_id = ?', [paper.id])).toBe(2);

    // The editor's comment on the same paper is theirs to count.
    await as(admin).post(`/api/papers/${paper.id}/comments`).send({ comment: 'From the editors' }).expect(201);
    const otherPaper = await submit(other);
    await as(other).post(`/api/papers/${otherPaper.id}/comments`).send({ comment: 'Mine' }).expect(201);
  });

  it("counts a user's PDF uploads (submissions and new versions), refusing the one past the limit before storing it, the fee unused", async () => {
    const [author, other] = await Promise.all([createPerson(testApp), createPerson(testApp)]);
    const paper = await submit(author);
    await as(author).post(`/api/papers/${paper.id}/versions`).attach('pdf', pdfBytes(3000, 'b'), { filename: 'v2.pdf', contentType: 'application/pdf' }).expect(201);
    const stored = await storedUnder(author.id);
    expect(stored).toHaveLength(2);

    expectRateLimited(await as(author).post(`/api/papers/${paper.id}/versions`).attach('pdf', pdfBytes(3000, 'c'), { filename: 'v3.pdf', contentType: 'application/pdf' }));
    const fee = await givePaidFee(testApp, author.id);
    expectRateLimited(await submission(author));
    expect(await storedUnder(author.id)).toEqual(stored);
    expect(await count('select count(*) as n from paper_files where paper_id = ?', [paper.id])).toBe(2);
    expect(await count('select count(*) as n from research_papers where user_id = ?', [author.id])).toBe(1);
    expect(await count('select count(*) as n from payments where id = ? and paper_id is null', [fee])).toBe(1);

    await submit(other);
  });

  it("refuses images that would take a sender past the attachment quota with its own code, storing nothing, and still takes the sender's text", async () => {
    const [sender, other] = await Promise.all([createPerson(testApp, 'reviewer'), createPerson(testApp, 'reviewer')]);
    // About 0.7 MB each: one fits the 1 MB allowance, two do not.
    const image = await noisyPng(480);
    await message(as(sender).post('/api/messages'), { subject: 'Figure', body: 'See it' }, [image]).expect(201);
    const stored = await storedUnder('message-attachments', sender.id);
    expect(stored).toHaveLength(1);
    const sentBefore = await messagesOf(sender);

    const refused = await message(as(sender).post('/api/messages'), { subject: 'Another figure', body: 'And this' }, [image]);
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ statusCode: 413, code: 'ATTACHMENT_QUOTA_EXCEEDED' });
    expect(refused.body.message).toMatch(/may take 1MB of storage in all and 0\.\d+MB is used/);
    expect(await storedUnder('message-attachments', sender.id)).toEqual(stored);
    expect(await messagesOf(sender)).toBe(sentBefore);

    // A message without images never takes storage; another sender has an allowance of their own.
    await message(as(sender).post('/api/messages'), { subject: 'Text only', body: 'No figure' }).expect(201);
    await message(as(other).post('/api/messages'), { subject: 'Figure', body: 'Mine' }, [image]).expect(201);
  });

  async function submission(who: Person): Promise<request.Response> {
    let req = as(who).post('/api/papers');
    for (const [name, value] of Object.entries(submissionFields())) req = req.field(name, value);
    return req.attach('pdf', pdfBytes(4000, 'a'), { filename: 'first.pdf', contentType: 'application/pdf' });
  }

  async function submit(who: Person): Promise<{ id: string }> {
    await givePaidFee(testApp, who.id);
    const response = await submission(who);
    expect(response.status).toBe(201);
    return response.body as { id: string };
  }
});
