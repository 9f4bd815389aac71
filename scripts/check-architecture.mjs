#!/usr/bin/env node
/**
 * Folder-level architecture checks (part of `npm run test:arch`), beside dependency-cruiser's
 * file-level rules in .dependency-cruiser.cjs.
 *
 * 1. No folder loops. dependency-cruiser's no-circular
 * rule sees loops between files; this one sees loops between the top-level folders of
 * backend/src and frontend/src (backend/src/accounts, frontend/src/api, …; each web feature,
 * frontend/src/features/admin, …, is a folder of its own; the files directly in src/ count as one
 * folder, the composition root): it collapses every import to its folders and fails, naming an
 * import of each arrow, if any folder can reach itself.
 * 2. A context writes only its own streams: no file imports another context's writer (a file that
 *    appends, or uses one of its own folder that does, through any wrapper). Another context's
 *    streams are changed through that context's commands.
 * 3. Controllers only translate HTTP: a file with `@Controller(` appends nothing, runs no SQL and
 *    holds no repository; the services and handlers it calls do.
 */
import fs from 'node:fs';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';

const roots = ['backend/src', 'frontend/src'];

function folderOf(path) {
  const root = roots.find((r) => path.startsWith(`${r}/`));
  if (!root) return null;
  const rest = path.slice(root.length + 1).split('/');
  if (rest.length === 1) return `${root}/(root)`;
  return rest[0] === 'features' && rest.length > 2 ? `${root}/features/${rest[1]}` : `${root}/${rest[0]}`;
}

const result = await cruise(roots, {
  doNotFollow: { path: 'node_modules' },
  exclude: { path: '(^|/)dist/|routeTree\\.gen\\.ts$|\\.spec\\.tsx?$' },
  tsPreCompilationDeps: true,
  tsConfig: { fileName: 'tsconfig.base.json' },
  enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
});

const edges = new Map();
const via = new Map();
const problems = [];
for (const module of result.output.modules) {
  const from = folderOf(module.source);
  if (!from) continue;
  for (const dependency of module.dependencies) {
    const to = folderOf(dependency.resolved);
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from).add(to);
    const key = `${from} -> ${to}`;
    if (!via.has(key)) via.set(key, `${module.source} -> ${dependency.resolved}`);
  }
}

// Tarjan's strongly connected components: a component of two or more folders is a loop.
let index = 0;
const stack = [];
const onStack = new Set();
const indices = new Map();
const lows = new Map();
const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((set) => [...set])]);
function visit(node) {
  indices.set(node, index);
  lows.set(node, index);
  index += 1;
  stack.push(node);
  onStack.add(node);
  for (const next of edges.get(node) ?? []) {
    if (!indices.has(next)) {
      visit(next);
      lows.set(node, Math.min(lows.get(node), lows.get(next)));
    } else if (onStack.has(next)) {
      lows.set(node, Math.min(lows.get(node), indices.get(next)));
    }
  }
  if (lows.get(node) === indices.get(node)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) {
      const inside = new Set(component);
      const arrows = [...via].filter(([key]) => {
        const [a, b] = key.split(' -> ');
        return inside.has(a) && inside.has(b);
      });
      problems.push(
        `folders import each other in a loop: ${component.sort().join(', ')}\n${arrows.map(([key, file]) => `    ${key}  (e.g. ${file})`).join('\n')}`,
      );
    }
  }
}
for (const node of nodes) if (!indices.has(node)) visit(node);

// 2. Stream ownership, following imports rather than text: a writer is a file that appends
// (`.append(`/`decideAndAppend(`), or that imports a writer of its own folder (a wrapper such as a
// `…Writer` class, a handler that uses one). Another context may not import a writer at all (its
// commands live in files that append nothing); only the composition roots (module files, the
// files directly in src/, the CLIs and the demo driver) wire them up. The event store's own
// folder is the mechanism, not a context.
const backendModules = result.output.modules.filter(
  (m) => m.source.startsWith('backend/src/') && m.source.endsWith('.ts'),
);
const appendsText = /\.append\s*[<(]|decideAndAppend\s*[<(]/;
const isComposition = (source) =>
  source.endsWith('.module.ts') || /^backend\/src\/(\(root\)|cli|demo)$/.test(folderOf(source));
const valueImports = (m) =>
  m.dependencies.filter((d) => !d.dependencyTypes.includes('type-only') && d.resolved.endsWith('.ts'));
const writers = new Set(
  backendModules
    .filter((m) => !m.source.startsWith('backend/src/event-store/'))
    .filter((m) => appendsText.test(fs.readFileSync(m.source, 'utf8')))
    .map((m) => m.source),
);
for (let grew = true; grew;) {
  grew = false;
  for (const m of backendModules) {
    if (writers.has(m.source) || isComposition(m.source)) continue;
    const usesWriter = valueImports(m).some(
      (d) => writers.has(d.resolved) && folderOf(d.resolved) === folderOf(m.source),
    );
    if (usesWriter) {
      writers.add(m.source);
      grew = true;
    }
  }
}
for (const m of backendModules) {
  if (isComposition(m.source)) continue;
  for (const d of valueImports(m)) {
    if (writers.has(d.resolved) && folderOf(d.resolved) !== folderOf(m.source)) {
      problems.push(
        `${m.source} imports ${d.resolved}, which writes ${path.basename(folderOf(d.resolved))}'s streams: send that context a command instead`,
      );
    }
  }
}

// 3. Controllers only translate HTTP.
const controllerWork =
  /\.append\s*[<(]|decideAndAppend\s*[<(]|\.query\s*[<(]|createQueryBuilder|Repository\b|DataSource\b/;
const controllers = backendModules.filter((m) => fs.readFileSync(m.source, 'utf8').includes('@Controller('));
for (const m of controllers) {
  const found = fs.readFileSync(m.source, 'utf8').match(controllerWork);
  if (found)
    problems.push(`${m.source} is a controller that does \`${found[0]}\` itself: move it into a service`);
}

if (problems.length > 0) {
  console.error(`Folder rules broken:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `✔ no folder loops (${nodes.size} folders, ${[...edges.values()].reduce((n, s) => n + s.size, 0)} folder arrows); each context appends only to its own streams (${writers.size} writers); ${controllers.length} controllers only translate HTTP`,
);
