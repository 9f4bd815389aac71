import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A push service in the test, on plain http, answering by the endpoint's first path segment:
 * `/push/…` 201, `/gone/…` 410, `/missing/…` 404, `/fail/…` 500, `/redirect/…` 302 to
 * `/push/followed`, and `/hang/…` never, until the test calls `releaseHanging`. It records what
 * arrived, what is hanging, and which hanging requests the sender gave up on.
 */
export async function startPushService() {
  const received: ReceivedPush[] = [];
  const hanging: Array<{ path: string; response: http.ServerResponse }> = [];
  const abandoned: string[] = [];
  const waiters: Array<() => void> = [];
  const changed = () => waiters.splice(0).forEach((wake) => wake());
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const push = { path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) };
      received.push(push);
      const kind = push.path.split('/')[1];
      if (kind === 'hang') {
        hanging.push({ path: push.path, response });
        response.on('close', () => {
          if (!response.writableEnded) abandoned.push(push.path);
          changed();
        });
      } else if (kind === 'redirect') {
        response.writeHead(302, { location: `${url}/push/followed` }).end();
      } else {
        response.statusCode = { gone: 410, missing: 404, fail: 500 }[kind ?? ''] ?? 201;
        response.end();
      }
      changed();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    hanging,
    abandoned,
    /** Resolves once `condition` holds, checked after each request the service sees (no timer). */
    until(condition: () => boolean): Promise<void> {
      return new Promise((resolve) => {
        const check = () => (condition() ? resolve() : waiters.push(check));
        check();
      });
    },
    sentTo: (path: string) => received.filter((push) => push.path === path).length,
    releaseHanging() {
      for (const { response } of hanging.splice(0))
        if (!response.writableEnded) response.writeHead(201).end();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;
