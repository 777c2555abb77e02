import { MikroORM } from '@mikro-orm/postgresql';
import { ENTITIES } from '../../src/entities.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Each module registers its own entities (MikroOrmModule.forFeature) and the ORM loads those of
 * the modules a process imports. An entity no module registers would be unknown to the API; one
 * left out of src/entities.ts would be unknown to the tests' own ORM instances.
 */
describe('entity registration', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp();
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('gives the API every entity of the list through its modules, and no other', () => {
    const registered = [...testApp.app.get(MikroORM).getMetadata().getAll().values()].map((meta) => meta.className).sort();
    expect(registered).toEqual(ENTITIES.map((entity) => entity.name).sort());
  });
});
