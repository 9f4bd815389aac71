export * from './pool-registry.js';
