// Boundary rules that cannot resolve an import skip it without a word, so a config that looks
// right can enforce nothing. This lints real violations, written inside the real source tree
// where the rules apply, and expects each to be refused.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = fileURLToPath(new URL('../..', import.meta.url));
const probe = `lint-probe-${randomUUID().slice(0, 8)}`;
const probeFolders = [
  `frontend/src/features/${probe}`,
  `frontend/src/pages/${probe}`,
  `frontend/src/shared/${probe}`,
  `backend/src/${probe}`,
  `backend/src/modules/${probe}`,
  `backend/src/modules/${probe}-stray`,
  `backend/src/common/web-shared/${probe}`,
].map((folder) => join(root, folder));

// Every probe type-checks, so a type-check another process runs meanwhile stays green.
const probes = {
  featureImportsFeature: [`frontend/src/features/${probe}/probe-feature.ts`, [
    "import { useSession } from '@/features/auth';",
    "import { papersApi } from '../papers';",
    'export const probe = [useSession, papersApi];',
  ]],
  pageImportsFeatureInternals: [`frontend/src/pages/${probe}/probe-page.ts`, [
    "import { useSession } from '@/features/auth/model/use-session';",
    'export const probe = useSession;',
  ]],
  frontendCycleFirst: [`frontend/src/shared/${probe}/first.ts`, [
    "import { second } from './second';",
    'export const first = (): number => second() + 1;',
  ]],
  frontendCycleSecond: [`frontend/src/shared/${probe}/second.ts`, [
    "import { first } from '@/shared/" + probe + "/first';",
    'export const second = (): number => (Math.random() > 2 ? first() : 0);',
  ]],
  backendCycleFirst: [`backend/src/${probe}/first.ts`, [
    "import { second } from './second.js';",
    'export const first = (): number => second() + 1;',
  ]],
  backendCycleSecond: [`backend/src/${probe}/second.ts`, [
    "import { first } from './first.js';",
    'export const second = (): number => (Math.random() > 2 ? first() : 0);',
  ]],
  moduleImportsOtherModuleTables: [`backend/src/modules/${probe}/probe-tables.service.ts`, [
    "import { User } from '../users/entities/user.entity.js';",
    "import { UserRepository } from '../users/entities/user.repository.js';",
    'export const probe = [User, UserRepository];',
  ]],
  webSharedImportsAnything: [`backend/src/common/web-shared/${probe}/probe-shared.ts`, [
    "import { readFileSync } from 'node:fs';",
    "import { commentRuns } from '../comment-markup.js';",
    'export const probe = [readFileSync, commentRuns];',
  ]],
  frontendImportsServerCode: [`frontend/src/shared/${probe}/probe-server.ts`, [
    "import { GRANTABLE_ROLES } from '../../../../backend/src/modules/users/grantable-roles';",
    'export const probe = GRANTABLE_ROLES;',
  ]],
  cleanWebSharedUse: [`frontend/src/shared/${probe}/clean-web-shared.ts`, [
    "import { commentRuns } from '@journal/web-shared/comment-markup';",
    'export const probe = commentRuns;',
  ]],
  // An entity outside any entities/ folder is still its module's own.
  strayEntity: [`backend/src/modules/${probe}-stray/outbox/stray-record.entity.ts`, [
    'export class StrayRecord {',
    "  id = '';",
    '}',
  ]],
  moduleImportsStrayEntity: [`backend/src/modules/${probe}/probe-stray.service.ts`, [
    `import { StrayRecord } from '../${probe}-stray/outbox/stray-record.entity.js';`,
    'export const probe = new StrayRecord();',
  ]],
  sqlInService: [`backend/src/modules/${probe}/probe-sql.service.ts`, [
    "import { sql } from '@mikro-orm/core';",
    "import { EntityManager, raw } from '@mikro-orm/postgresql';",
    "import type pg from 'pg';",
    '',
    "const COUNT_USERS = 'select count(*) as n from users';",
    '',
    'export class ProbeSql {',
    '  constructor(private readonly em: EntityManager, private readonly pool: pg.Pool) {}',
    '',
    '  async countUsers(): Promise<unknown> {',
    '    const connection = this.em.getConnection();',
    '    await connection.execute(COUNT_USERS);',
    "    await this.pool.query('select 1');",
    "    return [raw('now()'), sql`now()`];",
    '  }',
    '}',
  ]],
  sqlInRepository: [`backend/src/modules/${probe}/probe-sql.repository.ts`, [
    "import { sql } from '@mikro-orm/core';",
    "import { EntityManager, raw } from '@mikro-orm/postgresql';",
    "import type pg from 'pg';",
    '',
    "const COUNT_USERS = 'select count(*) as n from users';",
    '',
    'export class ProbeSql {',
    '  constructor(private readonly em: EntityManager, private readonly pool: pg.Pool) {}',
    '',
    '  async countUsers(): Promise<unknown> {',
    '    const connection = this.em.getConnection();',
    '    await connection.execute(COUNT_USERS);',
    "    await this.pool.query('select 1');",
    "    return [raw('now()'), sql`now()`];",
    '  }',
    '}',
  ]],
  cleanPage: [`frontend/src/pages/${probe}/clean-page.ts`, [
    "import { useSession } from '@/features/auth';",
    "import { cn } from '@/shared/lib/cn';",
    'export const probe = [useSession, cn];',
  ]],
  cleanModule: [`backend/src/modules/${probe}/clean.service.ts`, [
    "import { UsersService } from '../users/users.service.js';",
    '',
    'export class CleanService {',
    '  constructor(private readonly users: UsersService) {}',
    '',
    '  displayNames(ids: string[]): Promise<Map<string, string>> {',
    '    return this.users.displayNamesOf(ids);',
    '  }',
    '}',
  ]],
};

let results;

before(async () => {
  for (const [file, lines] of Object.values(probes)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), `${lines.join('\n')}\n`);
  }
  // Written before ESLint loads the config, which reads the feature and module folders.
  const eslint = new ESLint({ cwd: root });
  const linted = await eslint.lintFiles(Object.values(probes).map(([file]) => join(root, file)));
  results = new Map(linted.map((result) => [result.filePath, result.messages]));
});

after(() => {
  for (const folder of probeFolders) rmSync(folder, { recursive: true, force: true });
});

const messagesOf = (name) => results.get(join(root, probes[name][0]));
const rulesOf = (name) => messagesOf(name).map((message) => message.ruleId);
const linesReportedBy = (name, ruleId) =>
  messagesOf(name).filter((message) => message.ruleId === ruleId).map((message) => message.line);

describe('lint refuses', () => {
  it('a feature importing another feature, by alias or relative path', () => {
    assert.deepEqual(linesReportedBy('featureImportsFeature', 'import-x/no-restricted-paths'), [1, 2], rulesOf('featureImportsFeature').join());
  });

  it('a page importing a feature’s internals instead of its index.ts', () => {
    assert.deepEqual(linesReportedBy('pageImportsFeatureInternals', 'import-x/no-restricted-paths'), [1], rulesOf('pageImportsFeatureInternals').join());
  });

  it('a cycle of two files, in the frontend and in the backend', () => {
    for (const name of ['frontendCycleFirst', 'frontendCycleSecond', 'backendCycleFirst', 'backendCycleSecond']) {
      assert.deepEqual(linesReportedBy(name, 'import-x/no-cycle'), [1], `${name}: ${rulesOf(name).join()}`);
    }
  });

  it('a backend module importing another module’s entity and repository', () => {
    assert.deepEqual(linesReportedBy('moduleImportsOtherModuleTables', 'import-x/no-restricted-paths'), [1, 2], rulesOf('moduleImportsOtherModuleTables').join());
  });

  it('web-shared code importing anything, and the web app importing server code outside web-shared', () => {
    assert.deepEqual(linesReportedBy('webSharedImportsAnything', 'no-restricted-imports'), [1, 2], rulesOf('webSharedImportsAnything').join());
    assert.deepEqual(linesReportedBy('frontendImportsServerCode', 'import-x/no-restricted-paths'), [1], rulesOf('frontendImportsServerCode').join());
  });
});

describe('lint refuses SQL outside repositories', () => {
  it('a service holding a SQL string, calling getConnection, execute or pool.query, or building raw and sql fragments', () => {
    assert.deepEqual(linesReportedBy('sqlInService', 'no-restricted-syntax'), [5, 11, 12, 13, 14, 14], rulesOf('sqlInService').join());
    for (const message of messagesOf('sqlInService')) assert.match(message.message, /^SQL belongs in a repository/);
  });

  it('a backend module importing another module’s entity that sits outside entities/', () => {
    assert.deepEqual(linesReportedBy('moduleImportsStrayEntity', 'import-x/no-restricted-paths'), [1], rulesOf('moduleImportsStrayEntity').join());
  });
});

describe('lint accepts', () => {
  it('the same SQL in a repository', () => {
    assert.deepEqual(messagesOf('sqlInRepository'), []);
  });

  it('a page importing a feature through its index.ts, and a module using another’s exported service', () => {
    assert.deepEqual(messagesOf('cleanPage'), []);
    assert.deepEqual(messagesOf('cleanModule'), []);
  });

  it('the web app importing web-shared code through its alias', () => {
    assert.deepEqual(messagesOf('cleanWebSharedUse'), []);
  });
});
