import { availableParallelism } from 'node:os';

/**
 * Native-ESM Jest for the web app (run through `node --experimental-vm-modules`). SWC strips types
 * and compiles JSX with the automatic runtime; tests run in jsdom. `jest` is not a global under ESM:
 * tests import from `@jest/globals` and receive collaborators (fetch, sockets) by injection.
 */
export default {
  testEnvironment: '<rootDir>/test/jsdom-environment.js',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
  setupFiles: ['<rootDir>/test/setup-dom.js'],
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2023',
        },
        module: { type: 'es6' },
      },
    ],
  },
  moduleNameMapper: {
    '\\.css$': '<rootDir>/test/style-stub.js',
    '^@treble/contracts$': '<rootDir>/../contracts/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  // The suites are CPU-bound (jsdom): one worker per core, two at least (one ran in band, on one
  // core of two).
  maxWorkers: Math.max(2, availableParallelism()),
  // Tests wait for what they expect (test/setup-dom.js); the limit only stops one that hangs, so a
  // busy two-core machine that renders slowly does not fail them.
  testTimeout: 60_000,
};
