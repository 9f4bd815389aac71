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

/** The npm workspaces of the repository: each is built in the image and shipped with its manifest. */
const workspaces = (
  JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] }
).workspaces;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A line of the Dockerfile, as written (continuations aside). */
const line = (text: string) => new RegExp(`^${escape(text)}$`, 'm');

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
  const text = fs.readFileSync(path.join(context, build.dockerfile), 'utf8');
  const appEnv = environment(compose.services.app!);

  it('uses the names compose and the app use: the port, the data directory, the health path, the entry point', () => {
    expect(text).toMatch(line(`EXPOSE ${appEnv.PORT}`));
    expect(text).toMatch(line(`VOLUME ["${appEnv.DATA_DIR}"]`));
    expect(text).toMatch(new RegExp(`DATA_DIR=${escape(appEnv.DATA_DIR!)}\\b`));
    // The health check's command may continue on the next lines.
    expect(text).toMatch(/^HEALTHCHECK (?:.*\\\n)*.*\/api\/health/m);
    expect(text).toMatch(line('CMD ["node", "backend/dist/main.js"]'));
    // main.js is what the backend build produces from src/main.ts.
    expect(fs.existsSync(path.join(root, 'backend/src/main.ts'))).toBe(true);
  });

  it('runs as the unprivileged node user', () => {
    expect(text).toMatch(line('USER node'));
    expect(text).not.toMatch(/^USER (root|0)\b/m);
  });

  it('builds every workspace with npm ci and Nx, and ships each one with its manifest and build, without development dependencies', () => {
    expect(text).toMatch(/^RUN npm ci\b/m);
    expect(text).toMatch(/npx nx run-many -t build\b/);
    expect(text).toMatch(/npm prune --omit=dev\b/);
    expect(workspaces).toEqual(['contracts', 'backend', 'frontend']);
    for (const workspace of workspaces) {
      expect(text).toMatch(line(`COPY ${workspace}/package.json ${workspace}/`));
      expect(text).toMatch(
        line(`COPY --from=build --chown=node:node /app/${workspace}/dist ${workspace}/dist`),
      );
      const manifest = JSON.parse(fs.readFileSync(path.join(root, workspace, 'package.json'), 'utf8')) as {
        scripts?: Record<string, string>;
      };
      expect({ workspace, build: manifest.scripts?.build !== undefined }).toEqual({ workspace, build: true });
    }
    expect(text).toMatch(line('COPY --from=build --chown=node:node /app/backend/data backend/data'));
    expect(fs.existsSync(path.join(root, 'backend/data/seasons/2025-26/fixtures.openfootball.json'))).toBe(
      true,
    );
  });

  it('leaves local state and build output out of the build context, and none of the sources', () => {
    const ignored = fs
      .readFileSync(path.join(context, '.dockerignore'), 'utf8')
      .split(/\r?\n/)
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '' && !entry.startsWith('#'));
    expect(ignored).toEqual(
      expect.arrayContaining(['node_modules', '**/node_modules', '**/dist', 'data', '.git', '.env']),
    );
    // `data` is the root's local data only: the bundled season under backend/data goes in.
    const needed = [
      'package.json',
      'package-lock.json',
      'nx.json',
      'tsconfig.base.json',
      ...workspaces,
      'backend/data',
    ];
    expect(
      ignored.filter((entry) =>
        needed.some((name) => entry === name || entry === `**/${path.basename(name)}`),
      ),
    ).toEqual([]);
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
