import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type dns from 'node:dns';
import { describe, expect, it } from '@jest/globals';
import {
  checkPushEndpoint,
  isPublicAddress,
  publicOnlyLookup,
  PushAddressRefused,
} from './push-endpoints.js';
import { postPush } from './push-sender.js';

/** A resolver that answers from a table, as a DNS server under someone else's control might. */
const resolving =
  (answers: Record<string, string[]>) =>
  (
    hostname: string,
    _options: dns.LookupAllOptions,
    callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
  ) =>
    callback(
      null,
      (answers[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );

const lookUp = (lookup: ReturnType<typeof publicOnlyLookup>, hostname: string, all = false) =>
  new Promise<unknown>((resolve, reject) =>
    lookup(hostname, { all }, (error, address, family) =>
      error ? reject(error) : resolve(all ? address : { address, family }),
    ),
  );

describe('push endpoints', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:APA91b',
    'https://fcm.googleapis.com:443/wp/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    'https://web.push.apple.com/QGx',
  ])('takes %s (a browser push service)', (endpoint) => {
    expect(checkPushEndpoint(endpoint, null)).toMatchObject({ ok: true, testService: false });
  });

  it.each([
    ['http://fcm.googleapis.com/fcm/send/x', 'https'],
    ['https://fcm.googleapis.com:8443/x', 'standard https port'],
    ['https://a:b@fcm.googleapis.com/x', 'user name or password'],
    ['https://127.0.0.1/x', 'IP address'],
    ['https://0x7f000001/x', 'IP address'],
    ['https://2130706433/x', 'IP address'],
    ['https://[::1]/x', 'IP address'],
    ['https://[::ffff:10.0.0.1]/x', 'IP address'],
    ['https://localhost/x', 'not a browser push service'],
    ['https://fcm.googleapis.com./x', 'not a browser push service'],
    ['https://xfcm.googleapis.com/x', 'not a browser push service'],
    ['https://push.apple.com/x', 'not a browser push service'],
    ['https://notify.windows.com.attacker.example/x', 'not a browser push service'],
    ['not a url', 'not a URL'],
  ])('refuses %s (%s)', (endpoint, reason) => {
    const check = checkPushEndpoint(endpoint, null);
    expect(check.ok).toBe(false);
    expect(check.ok ? '' : check.reason).toContain(reason);
  });

  it("takes the tests' stand-in push service only when it is configured, and only without a password", () => {
    const origin = 'http://127.0.0.1:4000';
    expect(checkPushEndpoint(`${origin}/push/x`, null).ok).toBe(false);
    expect(checkPushEndpoint(`${origin}/push/x`, origin)).toMatchObject({ ok: true, testService: true });
    expect(checkPushEndpoint('http://127.0.0.1:4001/push/x', origin).ok).toBe(false);
    expect(checkPushEndpoint('http://a:b@127.0.0.1:4000/push/x', origin).ok).toBe(false);
  });

  it.each([
    ['8.8.8.8', true],
    ['2a00:1450:4001:80b::200a', true],
    ['::ffff:8.8.8.8', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['100.64.0.1', false],
    ['169.254.169.254', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['::', false],
    ['::ffff:127.0.0.1', false],
    ['fe80::1', false],
    ['fd00::1', false],
    ['64:ff9b::a00:1', false],
    ['224.0.0.1', false],
    ['not an address', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it('connects only to addresses it checked: a host resolving to a private address is refused', async () => {
    const lookup = publicOnlyLookup(
      resolving({
        'fcm.googleapis.com': ['142.250.0.95', '2a00:1450:4001:80b::200a'],
        'rebound.example': ['142.250.0.95', '10.0.0.1'],
        'metadata.example': ['169.254.169.254'],
      }),
    );
    expect(await lookUp(lookup, 'fcm.googleapis.com')).toEqual({ address: '142.250.0.95', family: 4 });
    expect(await lookUp(lookup, 'fcm.googleapis.com', true)).toHaveLength(2);
    await expect(lookUp(lookup, 'rebound.example')).rejects.toThrow(PushAddressRefused);
    await expect(lookUp(lookup, 'metadata.example', true)).rejects.toThrow(
      'metadata.example resolves to 169.254.169.254, which is not a public address: not sent',
    );
    await expect(lookUp(lookup, 'nowhere.example')).rejects.toThrow(PushAddressRefused);
  });

  it('sends nothing to a host whose name resolves to the local machine', async () => {
    const received: string[] = [];
    const server = http.createServer((request, response) => {
      received.push(request.url ?? '');
      response.writeHead(201).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const request = { method: 'POST', headers: {}, body: Buffer.from('x'), endpoint: '' } as const;
      const url = new URL(`http://rebound.example:${port}/push/x`);
      await expect(
        postPush(url, request, publicOnlyLookup(resolving({ 'rebound.example': ['127.0.0.1'] }))),
      ).rejects.toThrow(PushAddressRefused);
      expect(received).toEqual([]);
      // The same request through an unchecked lookup reaches the server: the check is what stopped it.
      const unchecked = (_host: string, options: dns.LookupOptions, callback: (...args: never[]) => void) =>
        (callback as (e: null, a: unknown, f?: number) => void)(
          null,
          options.all ? [{ address: '127.0.0.1', family: 4 }] : '127.0.0.1',
          4,
        );
      expect(await postPush(url, request, unchecked)).toBe(201);
      expect(received).toEqual(['/push/x']);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
