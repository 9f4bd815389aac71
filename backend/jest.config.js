import { availableParallelism } from 'node:os';

/**
 * Native-ESM Jest with @swc/jest (decorators + metadata for Nest). Run through
 * `node --experimental-vm-modules`. Projects split the suites by what they need.
 */
const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2023',
        keepClassNames: true,
      },
      module: { type: 'es6' },
    },
  ],
};

const common = {
  transform,
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    '^@treble/contracts$': '<rootDir>/../contracts/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testEnvironment: 'node',
  setupFiles: ['<rootDir>/test/setup.ts'],
};

export default {
  coverageProvider: 'v8',
  // A suite spends much of its time waiting on a database server, a socket or a timer, so two
  // workers keep both cores of a 2-core machine busy (one in-band process used one). Capped at
  // four: each worker may run an app with a pool of connections against the one Postgres server.
  maxWorkers: Math.min(4, Math.max(2, availableParallelism())),
  // Every suite loads the whole app into the worker's module registry, and Jest's ESM registry
  // keeps ~30 MB of it after the suite; a long-lived worker's garbage collection then slowed later
  // suites two- or threefold. A worker past this heap is replaced between suites.
  workerIdleMemoryLimit: '400MB',
  // Integration suites start an embedded Postgres (initdb takes seconds in WASM); on a busy 2-core
  // machine a suite set-up (app start, season import) can take minutes. A bound, never a wait.
  testTimeout: 180_000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/src/**/*.unit.spec.ts', '<rootDir>/test/**/*.unit.spec.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/src/**/*.int.spec.ts', '<rootDir>/test/**/*.int.spec.ts'],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e.spec.ts'],
    },
    {
      ...common,
      displayName: 'system',
      testMatch: ['<rootDir>/test/system/**/*.system.spec.ts'],
    },
    {
      ...common,
      displayName: 'browser',
      testMatch: ['<rootDir>/test/browser/**/*.browser.spec.ts'],
    },
    {
      ...common,
      displayName: 'bench',
      testMatch: ['<rootDir>/test/bench/**/*.bench.spec.ts'],
    },
    {
      ...common,
      displayName: 'screenshots',
      testMatch: ['<rootDir>/test/screenshots/**/*.screens.spec.ts'],
    },
  ],
};
