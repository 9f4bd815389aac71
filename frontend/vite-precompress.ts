import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const compressible = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|map)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
}

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of the build, so
 * the server sends them as they are (no compression per request). Files under 1 KB are left alone.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'treble-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => compressible.test(file));
      await Promise.all(
        files.map(async (file) => {
          const content = await fs.readFile(file);
          if (content.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * Writes `app-shell.json`: every built script and style (`/assets/...`), which the service worker
 * (`public/sw.js`) caches on install, so that every page of the app opens offline after one visit,
 * including the pages whose code loads on demand.
 */
export function appShellList(): Plugin {
  let outDir = 'dist';
  return {
    name: 'treble-app-shell-list',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const assets = (await filesUnder(path.join(outDir, 'assets')))
        .filter((file) => /\.(?:js|css)$/.test(file))
        .map((file) => `/${path.relative(outDir, file).split(path.sep).join('/')}`)
        .sort();
      await fs.writeFile(path.join(outDir, 'app-shell.json'), `${JSON.stringify({ assets }, null, 2)}\n`);
    },
  };
}
