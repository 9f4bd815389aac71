import { Inject, Injectable, Logger } from '@nestjs/common';
import { LeaseStore, type LeaseHolder } from '../platform/cluster/lease-store.js';
import { Leadership, newInstanceId } from '../platform/cluster/leadership.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { Database } from '../platform/database/database.js';
import { ProjectionEngine } from './projection-engine.js';

/** The lease whose holder runs every projection. */
export const projectorLease = 'projector';

/**
 * Runs the projection engine on exactly one of the app's instances: the holder of the `projector`
 * lease. The others serve reads from the same read tables (commands there wait on the shared
 * checkpoints) and take over when the leader's lease expires. See docs/adr/008-several-instances.md.
 *
 * The embedded database lets one process at a time open its data directory, so there the lease is
 * taken over at start-up: a crashed predecessor's row need not expire first.
 */
@Injectable()
export class ProjectorLeadership {
  readonly instanceId = newInstanceId();
  private readonly leases: LeaseStore;
  private readonly leadership: Leadership;

  constructor(
    private readonly engine: ProjectionEngine,
    database: Database,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const logger = new Logger('Projections');
    this.leases = new LeaseStore(database);
    this.leadership = new Leadership(this.leases, {
      lease: projectorLease,
      holder: this.instanceId,
      ttlMs: config.leaderLeaseMs,
      takeOverAtStart: database.kind === 'embedded',
      onElected: () => this.engine.start(),
      onDeposed: () => this.engine.stop(),
      log: (message) => logger.log(message),
      error: (message) => logger.error(message),
    });
  }

  /** True while this instance runs the projections. */
  get isLeader(): boolean {
    return this.leadership.isLeader;
  }

  /** The instance running the projections now, as the database says (null during a takeover). */
  leader(): Promise<LeaseHolder | null> {
    return this.leases.current(projectorLease);
  }

  start(): Promise<void> {
    return this.leadership.start();
  }

  stop(): Promise<void> {
    return this.leadership.stop();
  }
}
