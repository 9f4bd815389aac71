import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { MatchFinishedNotice, ResultRecordedNotice } from '@treble/contracts';
import { RealtimeGateway } from './realtime.gateway.js';

/**
 * Tells open browsers that a match has finished (`match-finished`) or that an admin recorded a
 * result (`result-recorded`): each becomes one toast.
 */
export abstract class LiveNotifier {
  abstract matchFinished(notice: MatchFinishedNotice): void;
  abstract resultRecorded(notice: ResultRecordedNotice): void;
}

/**
 * Through the app's RealtimeGateway. The gateway is a provider of the root module, so it is looked
 * up at send time rather than injected: live results need no import of the root module, and where
 * there is no gateway (a CLI context) a notice is simply not sent.
 */
@Injectable()
export class GatewayLiveNotifier extends LiveNotifier {
  private gateway: RealtimeGateway | null | undefined;

  constructor(private readonly moduleRef: ModuleRef) {
    super();
  }

  matchFinished(notice: MatchFinishedNotice): void {
    this.lookUp()?.broadcastMatchFinished(notice);
  }

  resultRecorded(notice: ResultRecordedNotice): void {
    this.lookUp()?.broadcastResultRecorded(notice);
  }

  private lookUp(): RealtimeGateway | null {
    if (this.gateway === undefined) {
      try {
        this.gateway = this.moduleRef.get(RealtimeGateway, { strict: false });
      } catch {
        this.gateway = null;
      }
    }
    return this.gateway ?? null;
  }
}
