import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApp } from '../../src/app.js';
import { loadConfig, type AppConfig } from '../../src/platform/config/config.js';
import type { TestDatabaseTarget } from './databases.js';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  baseUrl: string;
  /** fetch against the app, JSON in and out. */
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface TestResponse {
  status: number;
  body: unknown;
  headers: Headers;
  text: string;
}

const quietLogger = { log() {}, error() {}, warn() {}, debug() {}, verbose() {}, fatal() {} };

/** Starts the whole app on a fresh database of the target, listening on a free port. */
export async function startTestApp(target: TestDatabaseTarget, env: Record<string, string> = {}): Promise<TestApp> {
  const provisioned = await target.provision();
  const config = loadConfig({
    DATA_DIR: provisioned.dataDir,
    ...(provisioned.url ? { DATABASE_URL: provisioned.url } : {}),
    PROJECTION_POLL_MS: '50',
    WEB_DIST_DIR: env.WEB_DIST_DIR ?? `${provisioned.dataDir}/no-web-app`,
    ...env,
  });
  const app = await createApp(config, quietLogger);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    app,
    config,
    baseUrl,
    async request(method, path, body, headers = {}) {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // not JSON: keep the text
      }
      return { status: response.status, body: parsed, headers: response.headers, text };
    },
    async close() {
      await app.close();
      await provisioned.cleanup();
    },
  };
}
