// Jest runs the TypeScript sources as native ESM through SWC (Nest 12 and MikroORM 7 are ESM-only).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2023',
    },
    module: { type: 'es6' },
  },
];

const common = {
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': swc },
  setupFiles: ['<rootDir>/test/setup.ts'],
  testEnvironment: 'node',
};

export default {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/**/*.int-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.mjs',
      globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
    },
  ],
  // Integration suites share one database and one Redis; running them one at a time keeps
  // them independent without each building its own schema.
  maxWorkers: 1,
  // Each suite starts and stops whole applications, and what they leave behind (module graphs,
  // pools, clients) adds up over some eighty files: the worker is replaced once it holds this
  // much after a file, so the last suites run with the headroom of the first (it ran out of heap
  // at 4 GB otherwise, and GC pauses near the limit stalled the fault drills' timers).
  workerIdleMemoryLimit: '1GB',
  // A hang guard, not a speed goal: building the app and applying migrations takes seconds on a
  // loaded machine (speed is measured in bench/).
  testTimeout: 30_000,
};
