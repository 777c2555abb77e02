import request from 'supertest';
import { createPerson, type Person } from './accounts.js';
import { inviteReviewer } from './invitations.js';
import type { TestApp } from './test-app.js';

/** Makes the signed-in account an assignable reviewer the way a person does: invited, then accepting the link while signed in. */
export async function makeAssignable(testApp: TestApp, adminToken: string, person: { email: string; token: string }): Promise<void> {
  const { token } = await inviteReviewer(testApp, adminToken, person.email);
  await request(testApp.server).post('/api/invitations/accept').set('Authorization', `Bearer ${person.token}`).send({ token }).expect(200);
}

/** A new signed-in reviewer that may be assigned papers. */
export async function createAssignableReviewer(testApp: TestApp, adminToken: string): Promise<Person> {
  const reviewer = await createPerson(testApp, 'reviewer');
  await makeAssignable(testApp, adminToken, reviewer);
  return reviewer;
}
