/**
 * The `unit` project of jest.config.js as a config of its own, for StrykerJS (stryker.config.mjs):
 * its Jest runner takes one config, not a list of projects.
 */
import config from './jest.config.js';

const { displayName: _displayName, ...unit } = config.projects.find(
  (project) => project.displayName === 'unit',
);

export default { ...unit, testTimeout: config.testTimeout };
