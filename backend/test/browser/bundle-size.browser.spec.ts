import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const frontendDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../frontend/dist');

/** The budget for the JavaScript a first visit downloads before anything else (gzipped). */
const initialJsBudgetBytes = 250 * 1024;

/** The entry script and every module index.html preloads: what the browser fetches before the app starts. */
export async function initialJavaScript(): Promise<{ file: string; gzipBytes: number }[]> {
  const html = await fs.readFile(path.join(frontendDist, 'index.html'), 'utf8').catch(() => {
    throw new Error(`${frontendDist}/index.html is missing: run "npm run build" first`);
  });
  const files = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g),
  ].map((match) => match[1] as string);
  return Promise.all(
    files.map(async (file) => {
      const content = await fs.readFile(path.join(frontendDist, file.replace(/^\//, '')));
      return { file, gzipBytes: zlib.gzipSync(content, { level: 9 }).length };
    }),
  );
}

describe('the web app bundle', () => {
  it(`loads at most ${initialJsBudgetBytes / 1024} KB of gzipped JavaScript before the first screen`, async () => {
    const files = await initialJavaScript();
    expect(files.length).toBeGreaterThan(0);
    const total = files.reduce((sum, entry) => sum + entry.gzipBytes, 0);
    process.stdout.write(
      `Initial JavaScript: ${files.length} files, ${(total / 1024).toFixed(1)} KB gzipped\n`,
    );
    expect(total).toBeLessThanOrEqual(initialJsBudgetBytes);
  });
});
