import { Global, Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/index.js';
import { PoolsModule } from '../pools/index.js';
import { LiveNotifier } from '../shared/ports/live-notifier.js';
import { RealtimeGateway } from './realtime.gateway.js';

/** Socket.IO: notices to open browsers. Global, so contexts reach it only through its port. */
@Global()
@Module({
  imports: [AccountsModule, PoolsModule],
  providers: [RealtimeGateway, { provide: LiveNotifier, useExisting: RealtimeGateway }],
  exports: [LiveNotifier],
})
export class RealtimeModule {}
