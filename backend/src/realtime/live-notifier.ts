import { Injectable } from '@nestjs/common';
import type { MatchFinishedNotice, ResultRecordedNotice } from '@treble/contracts';
import { LiveNotifier } from '../shared/ports/live-notifier.js';
import { RealtimeGateway } from './realtime.gateway.js';

/** The live notices through the app's Socket.IO gateway, to every connected browser. */
@Injectable()
export class GatewayLiveNotifier extends LiveNotifier {
  constructor(private readonly gateway: RealtimeGateway) {
    super();
  }

  matchFinished(notice: MatchFinishedNotice): void {
    this.gateway.broadcastMatchFinished(notice);
  }

  resultRecorded(notice: ResultRecordedNotice): void {
    this.gateway.broadcastResultRecorded(notice);
  }
}
