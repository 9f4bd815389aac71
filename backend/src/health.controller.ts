import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from './platform/http/api-docs.js';
import type { Response } from 'express';
import type { HealthReport } from '@treble/contracts';
import { EVENT_STORE, type EventStore } from './event-store/event-store.port.js';
import { ProjectionEngine } from './projections/projection-engine.js';
import { ProjectorLeadership } from './projections/projector-leadership.js';
import type { LeaseHolder } from './platform/cluster/lease-store.js';
import { CLOCK, type Clock } from './platform/clock/clock.js';
import { Database } from './platform/database/database.js';
import { Public } from './platform/http/access.decorators.js';

/** A projection this far behind the log makes the app "degraded" (still serving, but stale). */
const LAG_DEGRADED = 1000;

@ApiTags('health')
@Controller('health')
@Public()
export class HealthController {
  constructor(
    private readonly database: Database,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly engine: ProjectionEngine,
    private readonly leadership: ProjectorLeadership,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Database, event store and projection lag' })
  async health(@Res({ passthrough: true }) response: Response): Promise<HealthReport> {
    const databaseUp = await this.database.ping();
    let head = 0n;
    let eventStoreUp = false;
    let projections: HealthReport['projections'] = [];
    let lease: LeaseHolder | null = null;
    const projectionLeader = this.leadership.isLeader;
    if (databaseUp) {
      try {
        head = await this.eventStore.headPosition();
        eventStoreUp = true;
        lease = await this.leadership.leader();
        projections = (await this.engine.status()).map((p) => ({
          name: p.name,
          version: p.version,
          position: p.position.toString(),
          lag: p.lag,
          // Another instance runs the projections: the shared checkpoints tell how far they are.
          status:
            p.state === 'live' || (!projectionLeader && p.state === 'stopped')
              ? p.lag > 0
                ? 'catching-up'
                : 'live'
              : p.state === 'rebuilding'
                ? 'rebuilding'
                : 'failed',
        }));
      } catch {
        eventStoreUp = false;
      }
    }
    const degraded = projections.some((p) => p.status === 'failed' || p.lag > LAG_DEGRADED);
    const status: HealthReport['status'] =
      !databaseUp || !eventStoreUp ? 'down' : degraded ? 'degraded' : 'ok';
    if (status === 'down') response.status(HttpStatus.SERVICE_UNAVAILABLE);
    return {
      status,
      database: { status: databaseUp ? 'ok' : 'down', kind: this.database.kind },
      eventStore: {
        status: eventStoreUp ? 'ok' : 'down',
        kind: this.eventStore.kind,
        headPosition: head.toString(),
      },
      projections,
      now: this.clock.now().toISOString(),
      instance: {
        id: this.leadership.instanceId,
        projectionLeader,
        leader: lease?.holder ?? null,
        leaderSince: lease?.acquiredAt.toISOString() ?? null,
        leaseExpiresAt: lease?.expiresAt.toISOString() ?? null,
      },
    };
  }
}
