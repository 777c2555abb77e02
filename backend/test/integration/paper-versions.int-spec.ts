import { PaperStatus } from '../../src/modules/manuscripts/entities/paper-status.js';
import { actingAs, createPerson, type Person, sql } from '../support/accounts.js';
import { createPaper, givePaidFee, pdfBytes, submissionFields } from '../support/papers.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface Version {
  version: number;
  state: 'current' | 'pending' | 'superseded';
  current: boolean;
  public: boolean;
}
interface Approved {
  version: Version;
  changed: boolean;
  notification: 'queued' | 'none';
}

describe('a published paper does not change silently: pending versions and their approval', () => {
  let testApp: TestApp;
  let owner: Person;
  let otherAuthor: Person;
  let reviewer: Person;
  let admin: Person;

  const person = (role?: 'admin' | 'reviewer') => createPerson(testApp, role);
  const as = (who: Person | null) => actingAs(testApp, who);
  const submit = async (body: Buffer): Promise<string> => {
    await givePaidFee(testApp, owner.id);
    let req = as(owner).post('/api/papers');
    for (const [name, value] of Object.entries(submissionFields())) req = req.field(name, value);
    const response = await req.attach('pdf', body, { filename: 'first.pdf', contentType: 'application/pdf' }).expect(201);
    return (response.body as { id: string }).id;
  };
  const publish = (paperId: string) => as(admin).patch(`/api/papers/${paperId}/status`).send({ status: 'published' }).expect(200);
  /** A published paper whose version 1 is `v1`. */
  const publishedPaper = async (v1: Buffer): Promise<string> => {
    const id = await submit(v1);
    await publish(id);
    return id;
  };
  const upload = (who: Person | null, paperId: string, body: Buffer) =>
    as(who).post(`/api/papers/${paperId}/versions`).attach('pdf', body, { filename: 'updated.pdf', contentType: 'application/pdf' });
  const approve = (who: Person | null, paperId: string, version: number | string) => as(who).post(`/api/papers/${paperId}/versions/${version}/approve`);
  const publicPdf = async (who: Person | null, paperId: string): Promise<Buffer> => (await as(who).get(`/api/papers/${paperId}/pdf`).buffer(true).expect(200)).body as Buffer;
  const versions = async (paperId: string) =>
    ((await as(owner).get(`/api/papers/${paperId}/versions`).expect(200)).body as Version[]).map((v) => [v.version, v.state, v.public]);
  const approvalMails = (paperId: string) =>
    sql<{ recipient: string; data: { version: number } }>(
      testApp.app,
      `select recipient, data from outbox_mails
        where template = 'paper-version-approved' and dedupe_key in (select 'paper-version-approved:' || id from paper_files where paper_id = ?)`,
      [paperId],
    );

  beforeAll(async () => {
    testApp = await startTestApp();
    [owner, otherAuthor, reviewer, admin] = await Promise.all([person(), person(), person('reviewer'), person('admin')]);
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('keeps an upload after publication pending: the public PDF stays version 1 for visitors, reviewers and the owner', async () => {
    const v1 = pdfBytes(3000, '1');
    const v2 = pdfBytes(4000, '2');
    const paperId = await publishedPaper(v1);
    const created = (await upload(owner, paperId, v2).expect(201)).body as Version;
    expect(created).toMatchObject({ version: 2, state: 'pending', current: false, public: false });

    for (const who of [null, reviewer, otherAuthor, owner, admin]) expect(Buffer.compare(await publicPdf(who, paperId), v1)).toBe(0);
    expect(await versions(paperId)).toEqual([
      [2, 'pending', false],
      [1, 'current', true],
    ]);
    // The pending file itself: its owner and the editorial team only.
    const pending = await as(owner).get(`/api/papers/${paperId}/versions/2/pdf`).buffer(true).expect(200);
    expect(Buffer.compare(pending.body as Buffer, v2)).toBe(0);
    await as(admin).get(`/api/papers/${paperId}/versions/2/pdf`).expect(200);
    for (const who of [reviewer, otherAuthor]) await as(who).get(`/api/papers/${paperId}/versions/2/pdf`).expect(403);
    await as(null).get(`/api/papers/${paperId}/versions/2/pdf`).expect(401);
    // The admin list tells the editors which papers wait for them.
    const { title } = (await as(admin).get(`/api/papers/${paperId}`).expect(200)).body as { title: string };
    const listed = (await as(admin).get(`/api/admin/papers?q=${encodeURIComponent(title)}`).expect(200)).body as { items: { id: string; pendingVersions: number }[] };
    expect(listed.items).toEqual([expect.objectContaining({ id: paperId, pendingVersions: 1 })]);
  });

  it('lets only an admin approve: 403 for the owner and others who see the paper, 404 for those who do not, 401 for visitors', async () => {
    const paperId = await publishedPaper(pdfBytes(3000, '1'));
    await upload(owner, paperId, pdfBytes(4000, '2')).expect(201);
    for (const who of [owner, otherAuthor, reviewer]) {
      expect((await approve(who, paperId, 2).expect(403)).body).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: expect.any(String) });
    }
    await approve(null, paperId, 2).expect(401);
    // Not published: only its owner and admins may see it, so the others learn nothing of it.
    const hidden = await createPaper(testApp, { userId: owner.id, status: PaperStatus.Accepted, publishedAt: null });
    for (const who of [otherAuthor, reviewer]) expect((await approve(who, hidden.id, 1).expect(404)).body.code).toBe('NOT_FOUND');
    expect((await approve(owner, hidden.id, 1).expect(403)).body.code).toBe('FORBIDDEN');
    await approve(admin, 'not-a-uuid', 1).expect(404);
    expect(Buffer.compare(await publicPdf(null, paperId), pdfBytes(3000, '1'))).toBe(0);
    expect(await approvalMails(paperId)).toEqual([]);
  });

  it('approves as an admin: the version becomes public, the author is e-mailed once, and approving again changes nothing', async () => {
    const paperId = await publishedPaper(pdfBytes(3000, '1'));
    const v2 = pdfBytes(4000, '2');
    await upload(owner, paperId, v2).expect(201);
    const approved = (await approve(admin, paperId, 2).expect(200)).body as Approved;
    expect(approved).toMatchObject({ changed: true, notification: 'queued', version: { version: 2, state: 'current', current: true, public: true } });
    for (const who of [null, reviewer]) expect(Buffer.compare(await publicPdf(who, paperId), v2)).toBe(0);
    // The paper's PDF changes on approval: a browser or proxy may keep it (it is published) but must ask again before showing it.
    expect((await as(null).get(`/api/papers/${paperId}/pdf`).expect(200)).headers['cache-control']).toBe('public, no-cache');
    expect((await as(admin).get(`/api/papers/${paperId}/versions/2/pdf`).expect(200)).headers['cache-control']).toBe('private, max-age=3600');
    expect(await versions(paperId)).toEqual([
      [2, 'current', true],
      [1, 'superseded', false],
    ]);
    expect(await approvalMails(paperId)).toEqual([{ recipient: owner.email, data: expect.objectContaining({ version: 2 }) }]);
    const [decided] = await sql<{ state: string; decided_by: string }>(testApp.app, 'select state, decided_by from paper_files where paper_id = ? and version = 2', [paperId]);
    expect(decided).toEqual({ state: 'accepted', decided_by: admin.id });

    const again = (await approve(admin, paperId, 2).expect(200)).body as Approved;
    expect(again).toMatchObject({ changed: false, notification: 'none' });
    expect(await approvalMails(paperId)).toHaveLength(1);
    // Version 1 was the public PDF once, but was never waiting for approval.
    expect((await approve(admin, paperId, 1).expect(409)).body).toEqual({ statusCode: 409, code: 'CONFLICT', message: 'Version 1 is not waiting for approval' });
    for (const missing of [3, 'abc', '0', '01']) expect((await approve(admin, paperId, missing).expect(404)).body.code).toBe('NOT_FOUND');
  });

  it('passes over older pending versions when a newer one is approved; approving an older one afterwards is a 409', async () => {
    const paperId = await publishedPaper(pdfBytes(3000, '1'));
    await upload(owner, paperId, pdfBytes(3100, '2')).expect(201);
    await upload(owner, paperId, pdfBytes(3200, '3')).expect(201);
    await approve(admin, paperId, 3).expect(200);
    expect(await versions(paperId)).toEqual([
      [3, 'current', true],
      [2, 'superseded', false],
      [1, 'superseded', false],
    ]);
    expect((await approve(admin, paperId, 2).expect(409)).body.code).toBe('CONFLICT');
    expect(Buffer.compare(await publicPdf(null, paperId), pdfBytes(3200, '3'))).toBe(0);
    const states = await sql<{ version: number; state: string }>(testApp.app, 'select version, state from paper_files where paper_id = ? order by version', [paperId]);
    expect(states).toEqual([
      { version: 1, state: 'accepted' },
      { version: 2, state: 'passed_over' },
      { version: 3, state: 'accepted' },
    ]);
  });

  it('takes concurrent approvals in turns: one changes and e-mails, the rest find it done; racing versions end on the newest', async () => {
    const paperId = await publishedPaper(pdfBytes(3000, '1'));
    await upload(owner, paperId, pdfBytes(3100, '2')).expect(201);
    const same = await Promise.all(Array.from({ length: 5 }, () => approve(admin, paperId, 2)));
    expect(same.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(same.filter((response) => (response.body as Approved).changed)).toHaveLength(1);
    expect(await approvalMails(paperId)).toHaveLength(1);

    await upload(owner, paperId, pdfBytes(3300, '3')).expect(201);
    await upload(owner, paperId, pdfBytes(3400, '4')).expect(201);
    const [older, newer] = await Promise.all([approve(admin, paperId, 3), approve(admin, paperId, 4)]);
    expect(newer.status).toBe(200);
    // Version 3 either went first (and was then replaced by 4) or came after 4 and was passed over.
    expect([200, 409]).toContain(older.status);
    expect(Buffer.compare(await publicPdf(null, paperId), pdfBytes(3400, '4'))).toBe(0);
    expect((await versions(paperId))[0]).toEqual([4, 'current', true]);
    expect(await approvalMails(paperId)).toHaveLength(older.status === 200 ? 3 : 2);
  });

  it('stays consistent when the paper is unpublished: the pending version waits, a new upload becomes the PDF at once and passes it over', async () => {
    const paperId = await publishedPaper(pdfBytes(3000, '1'));
    await upload(owner, paperId, pdfBytes(3100, '2')).expect(201);
    await as(admin).patch(`/api/papers/${paperId}/status`).send({ status: 'under_review' }).expect(200);
    await as(null).get(`/api/papers/${paperId}/pdf`).expect(404);
    expect(await versions(paperId)).toEqual([
      [2, 'pending', false],
      [1, 'current', false],
    ]);
    const v3 = pdfBytes(3300, '3');
    expect((await upload(owner, paperId, v3).expect(201)).body).toMatchObject({ version: 3, state: 'current', public: false });
    expect(await versions(paperId)).toEqual([
      [3, 'current', false],
      [2, 'superseded', false],
      [1, 'superseded', false],
    ]);
    await approve(admin, paperId, 2).expect(409);
    await publish(paperId);
    expect(Buffer.compare(await publicPdf(null, paperId), v3)).toBe(0);
    expect((await versions(paperId))[0]).toEqual([3, 'current', true]);
  });
});
