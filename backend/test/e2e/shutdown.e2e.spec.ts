import http from 'node:http';
import { describe, expect, it } from '@jest/globals';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { HttpDrain } from '../../src/platform/http/http-drain.js';
import { startTestApp } from '../support/app.js';
import { databaseTargets } from '../support/databases.js';
import { eventually } from '../support/waiting.js';

/** One GET on a keep-alive connection, as a browser sends it. */
function get(
  url: string,
  headers: Record<string, string>,
  agent: http.Agent,
): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent }, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
        );
      })
      .on('error', reject);
  });
}

/**
 * A restart must not hang on the browsers that are using the app: Node keeps a keep-alive
 * connection open after `server.close()` while its client keeps sending on it, and a read that
 * names a log position waits for the projector that the shutdown stops.
 */
describe.each(databaseTargets)('shutdown on $name', (target) => {
  it('answers a request in flight with Connection: close, ending its wait for the read models, and closes', async () => {
    const app = await startTestApp(target);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const head = await app.app.get<EventStore>(EVENT_STORE).headPosition();
      const drain = app.app.get(HttpDrain);
      // A read naming a position the log never reaches: it waits until the shutdown ends its wait.
      const inFlight = get(`${app.baseUrl}/api/rules`, { 'X-After-Position': String(head + 1000n) }, agent);
      await eventually('the read is in flight', () => drain.requestsInFlight === 1);
      const closed = app.close();
      await expect(inFlight).resolves.toEqual({ status: 200, connection: 'close' });
      await closed;
    } finally {
      agent.destroy();
    }
  });
});
