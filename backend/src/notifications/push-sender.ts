import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import { Inject, Injectable } from '@nestjs/common';
import pLimit from 'p-limit';
import webpush from 'web-push';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { checkPushEndpoint, publicOnlyLookup } from './push-endpoints.js';
import { PushSubscriptionStore, type PushSubscriptionRow } from './push-subscription-store.js';

/** How long one push service has to answer a send. */
export const pushTimeoutMs = 5_000;
/** Sends in flight at once, for the whole server. */
export const pushConcurrency = 16;
/** Failed sends in a row (timeouts, errors, refusals) after which a subscription is dropped. */
export const pushFailuresToDrop = 3;

export interface PushKeys {
  publicKey: string;
  privateKey: string;
}

/** What became of one send: the push service's host, and null or why it failed. */
export interface PushOutcome {
  host: string;
  error: string | null;
}

type Post = (
  url: URL,
  request: webpush.RequestDetails,
  lookup: net.LookupFunction | undefined,
) => Promise<number>;

/**
 * POSTs once and answers the status: no redirect is followed, the connection goes only to an
 * address `lookup` checked, and the whole exchange is bounded by `pushTimeoutMs`.
 */
export const postPush: Post = (url, request, lookup) =>
  new Promise((resolve, reject) => {
    const signal = AbortSignal.timeout(pushTimeoutMs);
    const client = url.protocol === 'https:' ? https : http;
    const outgoing = client.request(
      url,
      { method: 'POST', headers: request.headers, lookup, signal },
      (response) => {
        resolve(response.statusCode ?? 0);
        // The answer's body is of no use: never read it.
        response.destroy();
      },
    );
    outgoing.on('error', (error) =>
      reject(signal.aborted ? new Error(`No answer within ${pushTimeoutMs / 1000} s`) : error),
    );
    outgoing.end(request.body ?? undefined);
  });

function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'not a URL';
  }
}

/**
 * Web Push to a player's browsers (VAPID, payload encrypted by `web-push`): all of them at once,
 * under one limit for the whole server. Only endpoints on the browsers' push services, and only
 * to public addresses; one that is gone (404/410) is forgotten, one that keeps failing dropped.
 */
@Injectable()
export class PushSender {
  private readonly limit = pLimit(pushConcurrency);
  private readonly lookup = publicOnlyLookup();
  /** The POST itself (a unit test's stand-in may take its place). */
  protected post: Post = postPush;

  constructor(
    private readonly subscriptions: PushSubscriptionStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Sends the payload to each of the player's browsers; outcomes in the order they subscribed. */
  async send(userId: string, payload: string, vapid: PushKeys): Promise<PushOutcome[]> {
    const subscriptions = await this.subscriptions.of(userId);
    return Promise.all(
      subscriptions.map((subscription) => this.limit(() => this.deliver(subscription, payload, vapid))),
    );
  }

  private async deliver(subscription: PushSubscriptionRow, payload: string, vapid: PushKeys) {
    const { endpoint } = subscription;
    const check = checkPushEndpoint(endpoint, this.config.notifications.pushTestServiceOrigin);
    if (!check.ok) {
      // Registered before endpoints were checked: never sent to, and forgotten.
      await this.subscriptions.drop(endpoint);
      return { host: hostOf(endpoint), error: `Endpoint refused: ${check.reason}` };
    }
    const host = check.url.host;
    let status: number;
    try {
      const request = webpush.generateRequestDetails(
        { endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        {
          vapidDetails: { subject: this.config.notifications.vapidSubject, ...vapid },
          TTL: 24 * 60 * 60,
          contentEncoding: 'aes128gcm',
        },
      );
      status = await this.post(check.url, request, check.testService ? undefined : this.lookup);
    } catch (cause) {
      return {
        host,
        error: await this.failed(endpoint, cause instanceof Error ? cause.message : String(cause)),
      };
    }
    if (status === 404 || status === 410) {
      // The browser dropped the subscription: forget it.
      await this.subscriptions.drop(endpoint);
      return { host, error: `Subscription gone (${status})` };
    }
    if (status < 200 || status > 299) {
      const redirect = status >= 300 && status <= 399 ? ', a redirect (not followed)' : '';
      return { host, error: await this.failed(endpoint, `Push service answered ${status}${redirect}`) };
    }
    await this.subscriptions.noteDelivered(endpoint);
    return { host, error: null };
  }

  private async failed(endpoint: string, error: string): Promise<string> {
    const dropped = await this.subscriptions.noteFailure(endpoint, pushFailuresToDrop);
    return dropped ? `${error}; dropped after ${pushFailuresToDrop} failures in a row` : error;
  }
}
