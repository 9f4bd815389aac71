import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import YAML from 'yaml';
import { loadConfig } from '../../src/platform/config/config.js';

/**
 * There is no Docker engine where the tests run, so the deployment files are checked as data: what
 * they reference exists, the settings they give the app are settings the app reads (and valid ones),
 * and the image runs as a non-root user with a health check.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface Service {
  image?: string;
  build?: { context: string; dockerfile?: string } | string;
  environment?: Record<string, string> | string[];
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: { test: string[] | string };
  deploy?: { replicas?: number | string };
}

interface ComposeFile {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
}

// Compose's merge tags (`ports: !reset []`): plain values for this check.
const composeTags = ['!reset', '!override'].flatMap((tag) => [
  { tag, collection: 'seq' as const, resolve: (value: unknown) => value },
  { tag, collection: 'map' as const, resolve: (value: unknown) => value },
]);

function readCompose(file: string): ComposeFile {
  const document = YAML.parseDocument(fs.readFileSync(path.join(root, file), 'utf8'), {
    customTags: composeTags,
  });
  expect(document.errors).toEqual([]);
  expect(document.warnings).toEqual([]);
  return document.toJS() as ComposeFile;
}

/** Compose variable interpolation with nothing set: `${NAME:-default}` → default, `${NAME}` → ''. */
function interpolate(value: string): string {
  return value.replace(
    /\$\$|\$\{([A-Z0-9_]+)(?::?-([^}]*))?\}/g,
    (match, _name: string, fallback?: string) => (match === '$$' ? '$' : (fallback ?? '')),
  );
}

function environment(service: Service): Record<string, string> {
  const raw = service.environment ?? {};
  const entries = Array.isArray(raw)
    ? raw.map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string])
    : Object.entries(raw);
  return Object.fromEntries(entries.map(([name, value]) => [name, interpolate(String(value ?? ''))]));
}

/** Every variable the app's configuration loader reads (recorded, not parsed from its source). */
function configNames(): Set<string> {
  const read = new Set<string>();
  const spy = new Proxy(
    {},
    {
      get(_target, name) {
        if (typeof name === 'string') read.add(name);
        return undefined;
      },
    },
  );
  loadConfig(spy, root);
  return read;
}

interface Instruction {
  keyword: string;
  args: string;
  stage: number;
}

/** The Dockerfile's instructions (continuation lines joined), with the index of the stage each belongs to. */
function dockerfile(file: string): Instruction[] {
  const text = fs.readFileSync(file, 'utf8').replace(/\\\r?\n/g, ' ');
  let stage = -1;
  const instructions: Instruction[] = [];
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(trimmed) ?? [];
    if (keyword.toUpperCase() === 'FROM') stage += 1;
    instructions.push({ keyword: keyword.toUpperCase(), args: args.trim(), stage });
  }
  return instructions;
}

/** `COPY [--flags] src... dest` → flags and sources. */
function copySources(instruction: Instruction): { from: string | null; sources: string[] } {
  const words = instruction.args.split(/\s+/);
  const flags = words.filter((word) => word.startsWith('--'));
  const rest = words.filter((word) => !word.startsWith('--'));
  const from = flags.find((flag) => flag.startsWith('--from='))?.slice('--from='.length) ?? null;
  return { from, sources: rest.slice(0, -1) };
}

/** A .dockerignore pattern as a regular expression over context-relative paths (and their parents). */
function ignorePattern(pattern: string): RegExp {
  const body = pattern
    .replace(/^\/+|\/+$/g, '')
    .split('/')
    .map((part) =>
      part === '**'
        ? '.*'
        : part
            .replace(/[.+^${}()|[\]\\]/g, '\\$&')
            .replace(/\*/g, '[^/]*')
            .replace(/\?/g, '[^/]'),
    )
    .join('/')
    .replace(/\.\*\//g, '(?:.*/)?');
  return new RegExp(`^${body}(?:/.*)?$`);
}

const workspaces = ['contracts', 'backend', 'frontend'];

describe('docker-compose.yml', () => {
  const compose = readCompose('docker-compose.yml');
  const app = compose.services.app!;
  const appEnv = environment(app);
  const names = configNames();

  it('runs EventStoreDB, Postgres and the app', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'eventstore', 'postgres']);
    expect(compose.services.eventstore!.image).toMatch(/^eventstore\/eventstore:/);
    expect(compose.services.postgres!.image).toMatch(/^postgres:\d+/);
  });

  it('builds the app from files that exist', () => {
    const build = app.build as { context: string; dockerfile: string };
    const context = path.resolve(root, build.context);
    expect(fs.statSync(context).isDirectory()).toBe(true);
    expect(fs.existsSync(path.join(context, build.dockerfile))).toBe(true);
    expect(fs.existsSync(path.join(context, 'package-lock.json'))).toBe(true);
  });

  it('gives the app only settings it reads, and every one a deployment needs', () => {
    const unknown = Object.keys(appEnv).filter((name) => !names.has(name));
    expect(unknown).toEqual([]);
    for (const required of ['DATABASE_URL', 'EVENTSTORE_URL', 'PUBLIC_URL', 'DATA_DIR', 'PORT']) {
      expect(names.has(required)).toBe(true);
      expect(appEnv[required]).toBeTruthy();
    }
    // The optional integrations are passed through, empty unless the operator sets them.
    for (const passthrough of ['FOOTBALL_DATA_API_KEY', 'SMTP_URL']) {
      expect(app.environment).toHaveProperty(passthrough, `\${${passthrough}:-}`);
    }
  });

  it('gives the app settings its configuration loader accepts, pointing at the compose services', () => {
    const config = loadConfig(appEnv, '/app');
    expect(config.eventStoreUrl).toBe('esdb://eventstore:2113?tls=false');
    expect(new URL(config.databaseUrl!).hostname).toBe('postgres');
    expect(new URL(config.eventStoreUrl!).hostname).toBe('eventstore');
    const postgresEnv = environment(compose.services.postgres!);
    const database = new URL(config.databaseUrl!);
    expect([database.username, database.password, database.pathname.slice(1)]).toEqual([
      postgresEnv.POSTGRES_USER,
      postgresEnv.POSTGRES_PASSWORD,
      postgresEnv.POSTGRES_DB,
    ]);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toBe('/data');
  });

  it('publishes the port the app listens on, and waits for healthy dependencies', () => {
    expect(app.ports?.map((mapping) => interpolate(mapping).split(':').at(-1))).toEqual([appEnv.PORT]);
    expect(app.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      eventstore: { condition: 'service_healthy' },
    });
    for (const name of ['eventstore', 'postgres']) {
      expect(compose.services[name]!.healthcheck?.test).toBeDefined();
    }
    expect(JSON.stringify(compose.services.eventstore!.healthcheck!.test)).toContain('/health/live');
  });

  it('keeps every store in a named volume that is declared, and the app data where DATA_DIR says', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      for (const volume of service.volumes ?? []) {
        const [source = '', target] = volume.split(':');
        expect({ service: name, declared: source in (compose.volumes ?? {}) }).toEqual({
          service: name,
          declared: true,
        });
        expect(target).toMatch(/^\//);
      }
    }
    expect(app.volumes?.some((volume) => volume.split(':')[1] === appEnv.DATA_DIR)).toBe(true);
  });
});

describe('docker/Dockerfile', () => {
  const compose = readCompose('docker-compose.yml');
  const build = compose.services.app!.build as { context: string; dockerfile: string };
  const context = path.resolve(root, build.context);
  const instructions = dockerfile(path.join(context, build.dockerfile));
  const finalStage = Math.max(...instructions.map((i) => i.stage));
  const runtime = instructions.filter((i) => i.stage === finalStage);

  it('is multi-stage: npm ci and the Nx build, then a runtime stage without development dependencies', () => {
    expect(finalStage).toBeGreaterThanOrEqual(1);
    const buildSteps = instructions
      .filter((i) => i.stage < finalStage && i.keyword === 'RUN')
      .map((i) => i.args);
    expect(buildSteps.some((run) => /\bnpm ci\b/.test(run))).toBe(true);
    expect(buildSteps.some((run) => /\bnx run-many -t build\b/.test(run))).toBe(true);
    expect(buildSteps.some((run) => /npm prune --omit=dev/.test(run))).toBe(true);
    expect(runtime.some((i) => i.keyword === 'RUN' && /\bnpm (ci|install)\b/.test(i.args))).toBe(false);
  });

  it('runs as a non-root user', () => {
    const users = runtime.filter((i) => i.keyword === 'USER').map((i) => i.args.split(':')[0]);
    expect(users.length).toBeGreaterThan(0);
    expect(['root', '0']).not.toContain(users.at(-1));
    const userAt = runtime.findIndex((i) => i.keyword === 'USER');
    const cmdAt = runtime.findIndex((i) => i.keyword === 'CMD');
    expect(userAt).toBeLessThan(cmdAt);
  });

  it('checks its health on /api/health, exposes the port and keeps a data volume', () => {
    const healthcheck = runtime.find((i) => i.keyword === 'HEALTHCHECK');
    expect(healthcheck?.args).toMatch(/\/api\/health/);
    expect(runtime.find((i) => i.keyword === 'EXPOSE')?.args).toBe(environment(compose.services.app!).PORT);
    expect(runtime.find((i) => i.keyword === 'VOLUME')?.args).toContain(
      environment(compose.services.app!).DATA_DIR,
    );
    expect(runtime.find((i) => i.keyword === 'CMD')?.args).toContain('backend/dist/main.js');
    // main.js is what the backend build produces from src/main.ts.
    expect(fs.existsSync(path.join(root, 'backend/src/main.ts'))).toBe(true);
  });

  it('copies only what exists: context files, or what the build stage produced', () => {
    const stageNames = new Map(
      instructions
        .filter((i) => i.keyword === 'FROM')
        .map((i) => [/\bAS\s+(\S+)/i.exec(i.args)?.[1]?.toLowerCase() ?? '', i.stage] as const),
    );
    const copies = instructions.filter((i) => i.keyword === 'COPY' || i.keyword === 'ADD');
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) {
      const { from, sources } = copySources(copy);
      for (const source of sources) {
        if (from === null) {
          expect({ source, exists: fs.existsSync(path.join(context, source)) }).toEqual({
            source,
            exists: true,
          });
          continue;
        }
        expect(stageNames.has(from.toLowerCase())).toBe(true);
        // From the build stage: /app/<path>, where the build stage's WORKDIR is /app.
        const relative = path.posix.relative('/app', source);
        const [workspace, produced] = relative.split('/');
        const built = workspaces.includes(workspace ?? '') && produced === 'dist';
        const installed = relative === 'node_modules';
        const fromContext = fs.existsSync(path.join(context, relative));
        expect({ source, available: built || installed || fromContext }).toEqual({ source, available: true });
        if (built) {
          const manifest = JSON.parse(
            fs.readFileSync(path.join(root, workspace!, 'package.json'), 'utf8'),
          ) as { scripts?: Record<string, string> };
          expect(manifest.scripts?.build).toBeDefined();
        }
      }
    }
  });

  it('sends the files the image needs in the build context (.dockerignore leaves them in)', () => {
    const patterns = fs
      .readFileSync(path.join(context, '.dockerignore'), 'utf8')
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#') && !line.startsWith('!'))
      .map(ignorePattern);
    const needed = [
      'package-lock.json',
      'backend/src/main.ts',
      'backend/data/seasons/2025-26/fixtures.openfootball.json',
      'frontend/index.html',
      'contracts/src/index.ts',
    ];
    for (const file of needed) {
      expect(fs.existsSync(path.join(context, file))).toBe(true);
      expect({ file, ignored: patterns.some((pattern) => pattern.test(file)) }).toEqual({
        file,
        ignored: false,
      });
    }
    // …and keeps local state and build output out of it.
    for (const file of [
      'node_modules/x',
      'backend/node_modules/x',
      'backend/dist/main.js',
      'data/pg/x',
      '.git/HEAD',
    ]) {
      expect({ file, ignored: patterns.some((pattern) => pattern.test(file)) }).toEqual({
        file,
        ignored: true,
      });
    }
  });
});

describe('docker/compose.scale.yml', () => {
  const base = readCompose('docker-compose.yml');
  const scale = readCompose('docker/compose.scale.yml');
  const names = configNames();

  it('runs several app instances behind a load balancer that reaches them on the app port', () => {
    const app = scale.services.app!;
    expect(Number(interpolate(String(app.deploy?.replicas)))).toBeGreaterThanOrEqual(2);
    // Instances must not all claim one host port.
    expect(app.ports).toEqual([]);
    expect(Object.keys(environment(app)).filter((name) => !names.has(name))).toEqual([]);
    expect(environment(app).TRUST_PROXY_HOPS).toBe('1');

    const proxy = scale.services.proxy!;
    // Paths in an override file are relative to the first file's folder (the repository root).
    const mounts = (proxy.volumes ?? [])
      .map((volume) => volume.split(':')[0]!)
      .filter((source) => source.startsWith('.'));
    expect(mounts.length).toBeGreaterThan(0);
    for (const source of mounts) expect(fs.existsSync(path.join(root, source))).toBe(true);
    const caddyfile = fs.readFileSync(path.join(root, mounts[0]!), 'utf8');
    const [, host, port] = /dynamic a (\S+) (\d+)/.exec(caddyfile) ?? [];
    expect(host).toBe('app');
    expect(port).toBe(environment(base.services.app!).PORT);
    expect(caddyfile).toMatch(/lb_policy cookie/);
    expect(proxy.depends_on).toEqual({ app: { condition: 'service_healthy' } });
    for (const volume of proxy.volumes ?? []) {
      const source = volume.split(':')[0]!;
      if (!source.startsWith('.')) expect(source in (scale.volumes ?? {})).toBe(true);
    }
  });
});
