export interface ProjectionHealth {
  name: string;
  version: number;
  position: string;
  lag: number;
  status: 'live' | 'catching-up' | 'rebuilding' | 'failed';
}

export interface HealthReport {
  status: 'ok' | 'degraded' | 'down';
  database: { status: 'ok' | 'down'; kind: 'embedded' | 'postgres' };
  eventStore: { status: 'ok' | 'down'; kind: 'postgres' | 'eventstoredb'; headPosition: string };
  projections: ProjectionHealth[];
  now: string;
  /** The app instance that answered (several may share one database; the API always sends it). */
  instance?: InstanceHealth;
}

export interface InstanceHealth {
  /** host:pid:random, unique per process. */
  id: string;
  /** True when this instance runs the projections (holds the projector lease). */
  projectionLeader: boolean;
  /** The instance holding the projector lease now; null while nobody does (a takeover is under way). */
  leader: string | null;
  /** When that instance took the lease (the database's clock); null while nobody holds it. */
  leaderSince: string | null;
  /** Until when the lease is held unless its holder renews it (the database's clock); null while nobody holds it. */
  leaseExpiresAt: string | null;
}
