import type { Server } from 'node:http';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { errorStatus, ErrorCodes, type ApiErrorBody } from '@treble/contracts';
import type { NextFunction, Request, Response } from 'express';

/**
 * Lets the HTTP server close promptly at shutdown. Node's `server.close()` closes only the
 * connections idle at that moment: a keep-alive connection whose request is in flight stays open
 * for its keep-alive timeout after answering, and for as long as its client keeps sending requests
 * on it (a busy browser does), so a restart could hang. From the first step of the shutdown: the
 * requests in flight answer with `Connection: close`, new ones get 503 SHUTTING_DOWN with
 * `Connection: close`, and the idle connections close.
 */
@Injectable()
export class HttpDrain implements OnModuleDestroy {
  private draining = false;
  private readonly inFlight = new Set<Response>();

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  readonly middleware = (_request: Request, response: Response, next: NextFunction): void => {
    if (this.draining) {
      const body: ApiErrorBody = {
        statusCode: errorStatus.SHUTTING_DOWN,
        code: ErrorCodes.SHUTTING_DOWN,
        message: 'Treble is restarting. Try again in a moment.',
      };
      response.setHeader('Connection', 'close');
      response.status(body.statusCode).json(body);
      return;
    }
    this.inFlight.add(response);
    response.once('close', () => this.inFlight.delete(response));
    next();
  };

  /** Requests being answered now (tests wait on it). */
  get requestsInFlight(): number {
    return this.inFlight.size;
  }

  onModuleDestroy(): void {
    this.draining = true;
    for (const response of this.inFlight) {
      if (!response.headersSent) response.setHeader('Connection', 'close');
    }
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    server?.closeIdleConnections?.();
  }
}
