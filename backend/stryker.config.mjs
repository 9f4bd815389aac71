// @ts-check
/**
 * Mutation testing of the domain code (`npm run test:mutation`): StrykerJS changes the deciders and
 * folds under `src/**\/domain/` one small edit at a time and runs the unit tests that cover each
 * change; a change no test notices "survives". See the README, "Mutation testing".
 */
import { fileURLToPath } from 'node:url';

const contracts = fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url));

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: ['src/**/domain/**/*.ts', '!src/**/*.spec.ts'],
  testRunner: 'jest',
  // Jest runs native ESM here (see jest.config.js).
  testRunnerNodeArgs: ['--experimental-vm-modules'],
  jest: {
    projectType: 'custom',
    configFile: 'jest.mutation.config.js',
    // Stryker runs in a copy of this folder (.stryker-tmp/), where `../contracts` is not the package.
    config: {
      moduleNameMapper: {
        '^@treble/contracts$': contracts,
        '^(\\.{1,2}/.*)\\.js$': '$1',
      },
    },
    // Each mutant runs only the tests that import its file (Jest's --findRelatedTests).
    enableFindRelatedTests: true,
  },
  coverageAnalysis: 'perTest',
  // Mutants of module-level values (message tables, constant lists) would rerun every test each;
  // they are reported as ignored and left out of the score.
  ignoreStatic: true,
  // The machine is shared; one or two test processes at a time.
  concurrency: 2,
  // Only the folder a run needs is copied to the sandbox: of data/, the bundled seasons (a spec reads
  // them), not a local database.
  ignorePatterns: [
    'data/*',
    '!data/seasons',
    'dist',
    'reports',
    'test/browser',
    'test/screenshots',
    'test/bench',
  ],
  thresholds: { high: 95, low: 90, break: 90 },
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  timeoutMS: 10_000,
};
