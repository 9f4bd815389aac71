import fs from 'node:fs';
import path from 'node:path';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import 'reflect-metadata';
import type { LoggerService } from '@nestjs/common';
import { NestFactory, Reflector } from '@nestjs/core';
import compression from 'compression';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module.js';
import { PoolDirectory, poolRoutes } from './pools/index.js';
import type { AppConfig } from './platform/config/config.js';
import { serveApiDocs } from './platform/http/api-docs.js';
import { ApiExceptionFilter } from './platform/http/api-exception.filter.js';
import { boundedInput } from './platform/http/bounded-input.js';
import { HttpDrain } from './platform/http/http-drain.js';
import { jsonBodiesOnly } from './platform/http/json-bodies-only.js';
import { ListPageInterceptor } from './platform/http/list-pages.js';
import { requestContext } from './platform/http/request-context.js';
import { securityHeaders } from './platform/http/security-headers.js';
import { webAppFiles } from './platform/http/web-app-files.js';
import { createValidationPipe } from './platform/http/validation.js';
import { createLogger } from './platform/logging/logger.js';

/** The built web app: `frontend/dist` next to the backend, unless WEB_DIST_DIR says otherwise. */
export function defaultWebDistDir(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../frontend/dist');
}

/** Builds the whole app (API, Socket.IO, web app) without listening: `main.ts` and tests share it. */
export async function createApp(
  config: AppConfig,
  logger: LoggerService = createLogger(config),
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    logger,
    bufferLogs: true,
    // Throw start-up errors to the caller (main.ts logs and exits; tests see the real error).
    abortOnError: false,
  });
  app.enableShutdownHooks();
  // A browser keeps its connection between a player's actions (Node's default lets it go after
  // 5 s idle), so a deadline's picks do not each open one: Node accepts one new connection per
  // turn of its event loop, and under load new ones wait their turn (docs/benchmarks.md, W1).
  const server: Server = app.getHttpServer();
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // First of all: at shutdown, requests in flight end their connections and new ones get a 503.
  app.use(app.get(HttpDrain).middleware);
  // API answers over 1 KB go compressed (brotli, else gzip) when the client accepts it (a season's
  // periods: 11 → 1.2 KB); the web app's files are sent as their pre-compressed copies (webAppFiles).
  app.use(compression());
  // Before anything that may answer (an unknown pool's 404 included).
  app.use(securityHeaders(config));
  app.use(requestContext);
  app.setGlobalPrefix('api');
  // `/api/pools/{pool}/…` is served by the unscoped route of the same shape, in that pool.
  app.use(poolRoutes(app.get(PoolDirectory)));
  app.useGlobalFilters(new ApiExceptionFilter());
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalInterceptors(new ListPageInterceptor(app.get(Reflector)));
  // The client address (sign-in rate limits) behind TRUST_PROXY_HOPS reverse proxies.
  app.set('trust proxy', config.accounts.trustProxyHops);
  // No CORS headers anywhere; state-changing requests from another origin are refused (403
  // CROSS_ORIGIN_REFUSED) by Sec-Fetch-Site / Origin, and their bodies must be JSON (else 415).
  app.enableCsrfProtection({
    trustedOrigins: config.publicUrl === null ? [] : [new URL(config.publicUrl).origin],
  });
  app.use(jsonBodiesOnly);
  // The JSON parser is mounted here (Nest would mount it later) so that bodies nested too deep or
  // holding NUL characters are refused right after parsing, before any pipe walks them.
  app.useBodyParser('json');
  app.use(boundedInput);

  serveApiDocs(app);

  const webDist = config.webDistDir ?? defaultWebDistDir();
  const index = path.join(webDist, 'index.html');
  if (fs.existsSync(index)) {
    // Pre-compressed files, long cache for hashed assets, index.html for client-side routes.
    app.use(webAppFiles(webDist));
  }
  return app;
}
