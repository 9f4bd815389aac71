#!/usr/bin/env node
/**
 * Folder-level architecture check (part of `npm run test:arch`). dependency-cruiser's no-circular
 * rule sees loops between files; this one sees loops between the backend's top-level folders
 * (backend/src/accounts, backend/src/season, …; the files directly in src/ count as one folder,
 * the composition root): it collapses every import to its folders and fails, naming an import of
 * each arrow, if any folder can reach itself.
 */
import { cruise } from 'dependency-cruiser';

const roots = ['backend/src'];

function folderOf(path) {
  const root = roots.find((r) => path.startsWith(`${r}/`));
  if (!root) return null;
  const rest = path.slice(root.length + 1).split('/');
  return rest.length === 1 ? `${root}/(root)` : `${root}/${rest[0]}`;
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

if (problems.length > 0) {
  console.error(`Folder rules broken:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `✔ no folder loops (${nodes.size} folders, ${[...edges.values()].reduce((n, s) => n + s.size, 0)} folder arrows)`,
);
