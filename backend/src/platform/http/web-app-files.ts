import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type express from 'express';

/** Vite names the built files under `assets/` by content hash: they never change, cache them for a year. */
const hashedAsset = /^\/assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/** Whether a path names a built file that never changes (its name holds its content's hash). */
export const isHashedAsset = (urlPath: string): boolean => hashedAsset.test(urlPath);

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** The encodings the request accepts (q=0 refuses), best first: brotli, then gzip. */
export function acceptedEncodings(header: string | undefined): ('br' | 'gzip')[] {
  if (!header) return [];
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    accepted.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const allowed = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return (['br', 'gzip'] as const).filter(allowed);
}

/** `Cache-Control` of a web app file: hashed assets are immutable, everything else is revalidated. */
export function cacheControlFor(urlPath: string): string {
  return hashedAsset.test(urlPath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Serves the built web app: each file as its pre-compressed brotli or gzip copy when the browser
 * accepts one (the build writes them beside the files), with a year's cache for hashed assets and
 * `no-cache` for the rest (index.html, the service worker, the manifest), so a new release is seen
 * on the next visit. Every other GET outside the API and the socket gets index.html (client routes).
 */
export function webAppFiles(webDist: string): express.RequestHandler {
  const root = path.resolve(webDist);
  const index = path.join(root, 'index.html');
  const exists = (file: string) => {
    try {
      return fs.statSync(file).isFile();
    } catch {
      return false;
    }
  };
  return (request, response, next) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    if (request.path.startsWith('/api') || request.path.startsWith('/socket.io')) return next();
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(request.path);
    } catch {
      return next();
    }
    const candidate = path.resolve(root, `.${urlPath}`);
    const inside = candidate.startsWith(root + path.sep);
    const isFile = inside && !candidate.endsWith('.br') && !candidate.endsWith('.gz') && exists(candidate);
    // A missing file with an extension is a 404, not the app (a stale chunk must not get HTML).
    if (!isFile && path.extname(urlPath) !== '' && !urlPath.endsWith('.html')) return next();
    const file = isFile ? candidate : index;
    const servedPath = isFile ? urlPath : '/index.html';
    response.setHeader('Vary', 'Accept-Encoding');
    response.setHeader('Cache-Control', cacheControlFor(servedPath));
    response.setHeader('Content-Type', types[path.extname(file)] ?? 'application/octet-stream');
    const encoding = acceptedEncodings(request.headers['accept-encoding']).find((name) =>
      exists(`${file}.${name === 'br' ? 'br' : 'gz'}`),
    );
    if (encoding) response.setHeader('Content-Encoding', encoding);
    const sent = encoding ? `${file}.${encoding === 'br' ? 'br' : 'gz'}` : file;
    // A hashed file never changes: sent as it is, with no validators to send or check (W7).
    if (isHashedAsset(servedPath)) {
      fs.stat(sent, (error, stat) => {
        if (error) return next(error);
        response.setHeader('Content-Length', stat.size);
        if (request.method === 'HEAD') return response.end();
        pipeline(fs.createReadStream(sent), response).catch(() => response.destroy());
      });
      return;
    }
    response.sendFile(sent, { cacheControl: false, lastModified: true, etag: true }, (error) => {
      if (error && !response.headersSent) next(error);
    });
  };
}
