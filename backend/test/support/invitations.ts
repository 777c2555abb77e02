import request from 'supertest';
import { sql } from './accounts.js';
import type { TestApp } from './test-app.js';

export interface SentInvitation {
  id: string;
  token: string;
  /** The link as the e-mail carries it. */
  invitationUrl: string;
}

/** Invites the address as the admin (bearer token) and reads the link from the invitation e-mail in the outbox. */
export async function inviteReviewer(testApp: TestApp, adminToken: string, email: string): Promise<SentInvitation> {
  const response = await request(testApp.server).post('/api/admin/invitations').set('Authorization', `Bearer ${adminToken}`).send({ email }).expect(201);
  const id = (response.body as { id: string }).id;
  const [row] = await sql<{ data: { invitationUrl: string } }>(
    testApp.app,
    `select m.data from outbox_mails m join reviewer_invitations i on i.outbox_mail_id = m.id where i.id = ?`,
    [id],
  );
  if (!row) throw new Error(`No invitation e-mail for ${email}`);
  const token = new URL(row.data.invitationUrl).searchParams.get('token');
  if (!token) throw new Error(`No token in ${row.data.invitationUrl}`);
  return { id, token, invitationUrl: row.data.invitationUrl };
}
