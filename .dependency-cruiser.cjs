/**
 * Architecture rules, run by `npm test` (npm run test:arch), with the folder-cycle check in
 * scripts/check-architecture.mjs.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-plain-typescript',
      comment: 'domain/ folders hold pure rules: no framework, ORM, driver or socket library',
      severity: 'error',
      from: { path: '(^|/)domain/' },
      to: {
        path: 'node_modules/(@nestjs|typeorm|pg|pg-[a-z-]+|socket\\.io|socket\\.io-client|@eventstore|@electric-sql|express|rxjs)/',
      },
    },
    {
      name: 'domain-imports-only-domain-and-contracts',
      comment: 'a domain module may use other domain modules and contracts, nothing of the app around it',
      severity: 'error',
      from: { path: '^backend/src/.+/domain/' },
      to: { path: '^backend/src/', pathNot: ['^backend/src/.+/domain/'] },
    },
    {
      name: 'platform-is-a-leaf',
      comment:
        'platform (config, clock, database, HTTP plumbing) serves every context and knows none of them',
      severity: 'error',
      from: { path: '^backend/src/platform/' },
      to: { path: '^backend/src/', pathNot: ['^backend/src/(platform|shared)/'] },
    },
    {
      name: 'frontend-never-imports-backend',
      severity: 'error',
      from: { path: '^frontend/' },
      to: { path: '^backend/' },
    },
    {
      name: 'test-helpers-in-test-support',
      comment: 'spec helpers live in frontend/src/test-support: only specs and other helpers import them',
      severity: 'error',
      from: { path: '^frontend/src/', pathNot: ['^frontend/src/test-support/', '\\.spec\\.tsx?$'] },
      to: { path: '^frontend/src/test-support/' },
    },
    {
      name: 'contracts-stand-alone',
      comment: 'contracts is imported by both sides and imports neither',
      severity: 'error',
      from: { path: '^contracts/' },
      to: { path: '^(backend|frontend)/' },
    },
    {
      name: 'contracts-have-no-dependencies',
      severity: 'error',
      from: { path: '^contracts/', pathNot: '\\.spec\\.ts$' },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'contexts-behind-their-index',
      comment:
        'Another context is reached only through its index.ts (its module, the commands and queries others may send, its events, read types and ports) or, for pure code, its domain/index.ts',
      severity: 'error',
      from: { path: '^backend/src/([^/]+)/', pathNot: '\\.spec\\.ts$' },
      // Every folder of backend/src is a context or a process, but for the layers below them.
      to: {
        path: '^backend/src/(?!(?:platform|shared|event-store|projections|cli|demo)/)[^/]+/',
        pathNot: [
          '^backend/src/$1/',
          '^backend/src/[^/]+/index\\.ts$',
          // The pure half of a context, for other contexts' domain code.
          '^backend/src/[^/]+/domain/index\\.ts$',
        ],
      },
    },
    {
      name: 'composition-root-behind-the-indexes',
      comment:
        'The files directly in backend/src (the app module, the read models) import contexts through their index.ts too',
      severity: 'error',
      from: { path: '^backend/src/[^/]+\\.ts$', pathNot: '\\.spec\\.ts$' },
      to: {
        path: '^backend/src/(?!(?:platform|shared|event-store|projections|cli|demo)/)[^/]+/',
        pathNot: ['^backend/src/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: '^(backend|frontend|contracts)/src' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/|routeTree\\.gen\\.ts$' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
