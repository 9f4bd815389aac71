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
}
