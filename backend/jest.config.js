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
