import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedEmbeddedDatabase } from './embedded-template.js';

const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const builtMain = path.join(backendDir, 'dist/main.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  baseUrl: string;
  dataDir: string;
  output(): string;
  /**
   * Starts (or starts again) the built app on the same port and data; `env` adds to (or overrides)
   * the environment given to `serverProcess` for this start only (e.g. a later pinned POOL_NOW).
   */
  start(env?: Record<string, string>): Promise<void>;
  /** Sends a signal and resolves once the process is gone, with its exit code or the signal. */
  kill(signal: NodeJS.Signals): Promise<number | NodeJS.Signals | null>;
  dispose(): Promise<void>;
}

/**
 * Runs the BUILT app (`backend/dist/main.js`) as `npm start` does, in its own process, with its own
 * data directory: what a user gets, SIGKILL and all.
 */
export async function serverProcess(
  env: Record<string, string> = {},
  options: {
    /** Starts on an empty data directory, as `npm start` on a new machine (default: a migrated copy). */
    emptyDataDir?: boolean;
  } = {},
): Promise<ServerProcess> {
  await fs.access(builtMain).catch(() => {
    throw new Error(`${builtMain} is missing: run "npm run build" first`);
  });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'treble-system-'));
  if (!options.emptyDataDir && env.DATABASE_URL === undefined) await seedEmbeddedDatabase(dataDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let log = '';
  const self: ServerProcess = {
    baseUrl,
    dataDir,
    output: () => log,
    async start(overrides = {}) {
      child = spawn(process.execPath, [builtMain], {
        env: {
          PATH: process.env.PATH ?? '',
          DATA_DIR: dataDir,
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_FORMAT: 'json',
          ...env,
          ...overrides,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
      const started = Date.now();
      for (;;) {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`The app exited with ${child.exitCode}:\n${log}`);
        try {
          const response = await fetch(`${baseUrl}/api/health`);
          if (response.ok) return;
        } catch {
          // not listening yet
        }
        if (Date.now() - started > 60_000) throw new Error(`The app did not become healthy:\n${log}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async kill(signal) {
      const running = child;
      if (!running) return null;
      if (running.exitCode !== null || running.signalCode !== null)
        return running.exitCode ?? running.signalCode;
      const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
        running.once('exit', (code, signalCode) => resolve(code ?? signalCode)),
      );
      running.kill(signal);
      return exited;
    },
    async dispose() {
      await self.kill('SIGKILL');
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
  return self;
}
