import type net from 'node:net';
import { describe, expect, it } from '@jest/globals';
import webpush from 'web-push';
import type { AppConfig } from '../platform/config/config.js';
import { PushAddressRefused } from './push-endpoints.js';
import { PushSender } from './push-sender.js';
import type { PushSubscriptionRow, PushSubscriptionStore } from './push-subscription-store.js';

const browserKeys = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

/** A PushSender whose POST is a stand-in that records what it was given and answers `status`. */
function senderWith(endpoints: string[], status: number) {
  const posted: Array<{ url: string; lookup: net.LookupFunction | undefined }> = [];
  const dropped: string[] = [];
  const store = {
    of: async (): Promise<PushSubscriptionRow[]> =>
      endpoints.map((endpoint) => ({ endpoint, user_id: 'u', ...browserKeys })),
    drop: async (endpoint: string) => void dropped.push(endpoint),
    noteDelivered: async () => undefined,
    noteFailure: async () => false,
  } as unknown as PushSubscriptionStore;
  const config = {
    notifications: {
      vapidSubject: 'mailto:pool@example.com',
      pushTestServiceOrigin: 'http://127.0.0.1:4000',
    },
  } as AppConfig;
  class Recording extends PushSender {
    protected override post = async (url: URL, _request: unknown, lookup: net.LookupFunction | undefined) => {
      posted.push({ url: url.href, lookup });
      return status;
    };
  }
  return { sender: new Recording(store, config), posted, dropped };
}

describe('PushSender', () => {
  const vapid = webpush.generateVAPIDKeys();

  it('connects to a push service only through the lookup that refuses non-public addresses', async () => {
    const { sender, posted } = senderWith(
      ['https://fcm.googleapis.com/fcm/send/a', 'http://127.0.0.1:4000/push/b'],
      201,
    );
    expect(await sender.send('u', '{}', vapid)).toEqual([
      { host: 'fcm.googleapis.com', error: null },
      { host: '127.0.0.1:4000', error: null },
    ]);
    const [push, testService] = posted;
    expect(testService).toEqual({ url: 'http://127.0.0.1:4000/push/b', lookup: undefined });
    const refused = await new Promise((resolve) =>
      push!.lookup!('localhost', { all: true }, (error) => resolve(error)),
    );
    expect(refused).toBeInstanceOf(PushAddressRefused);
  });

  it('never posts to an endpoint that is not on a push service, and forgets it', async () => {
    const { sender, posted, dropped } = senderWith(['http://10.0.0.1/x'], 201);
    expect(await sender.send('u', '{}', vapid)).toEqual([
      { host: '10.0.0.1', error: 'Endpoint refused: A push endpoint must use https.' },
    ]);
    expect(posted).toEqual([]);
    expect(dropped).toEqual(['http://10.0.0.1/x']);
  });
});
