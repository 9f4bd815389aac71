import { describe, expect, it } from '@jest/globals';
import type { HttpAdapterHost } from '@nestjs/core';
import type { NextFunction, Request, Response } from 'express';
import { HttpDrain } from './http-drain.js';

/** A response that records what the middleware does with it. */
function response() {
  const recorded = { status: 0, headers: {} as Record<string, string>, body: undefined as unknown };
  const listeners: (() => void)[] = [];
  const fake = {
    headersSent: false,
    setHeader(name: string, value: string) {
      recorded.headers[name.toLowerCase()] = value;
      return fake;
    },
    status(code: number) {
      recorded.status = code;
      return fake;
    },
    json(body: unknown) {
      recorded.body = body;
      return fake;
    },
    once(event: string, listener: () => void) {
      if (event === 'close') listeners.push(listener);
      return fake;
    },
  };
  return { fake: fake as unknown as Response, recorded, close: () => listeners.forEach((l) => l()) };
}

describe('HTTP drain at shutdown', () => {
  it('passes requests on and counts them until they close; then marks those in flight and refuses new ones', () => {
    let idleClosed = 0;
    const host = {
      httpAdapter: { getHttpServer: () => ({ closeIdleConnections: () => (idleClosed += 1) }) },
    } as unknown as HttpAdapterHost;
    const drain = new HttpDrain(host);
    let passed = 0;
    const next: NextFunction = () => (passed += 1);

    const done = response();
    drain.middleware({} as Request, done.fake, next);
    done.close();
    const inFlight = response();
    drain.middleware({} as Request, inFlight.fake, next);
    expect(passed).toBe(2);
    expect(drain.requestsInFlight).toBe(1);

    drain.onModuleDestroy();
    expect(inFlight.recorded.headers).toEqual({ connection: 'close' });
    expect(done.recorded.headers).toEqual({});
    expect(idleClosed).toBe(1);

    const late = response();
    drain.middleware({} as Request, late.fake, next);
    expect(passed).toBe(2);
    expect(late.recorded).toEqual({
      status: 503,
      headers: { connection: 'close' },
      body: {
        statusCode: 503,
        code: 'SHUTTING_DOWN',
        message: 'Treble is restarting. Try again in a moment.',
      },
    });
  });
});
