import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { MatchFinishedNotice } from '@treble/contracts';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';

/** Tells open browsers that a match has finished (`match-finished` socket event). */
export abstract class MatchNotifier {
  abstract matchFinished(notice: MatchFinishedNotice): void;
}

/**
 * Through the app's RealtimeGateway. The gateway is a provider of the root module, so it is looked
 * up at send time rather than injected: live results need no import of the root module, and where
 * there is no gateway (a CLI context) a notice is simply not sent.
 */
@Injectable()
export class GatewayMatchNotifier extends MatchNotifier {
  private gateway: RealtimeGateway | null | undefined;

  constructor(private readonly moduleRef: ModuleRef) {
    super();
  }

  matchFinished(notice: MatchFinishedNotice): void {
    if (this.gateway === undefined) {
      try {
        this.gateway = this.moduleRef.get(RealtimeGateway, { strict: false });
      } catch {
        this.gateway = null;
      }
    }
    this.gateway?.broadcastMatchFinished(notice);
  }
}
