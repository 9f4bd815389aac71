import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Period, Segment } from '@treble/contracts';

/** Row of the `periods` read view (maintained by the periods projection; never written here). */
@Entity({ name: 'periods', synchronize: false })
export class PeriodRow {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'text' })
  season: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'text' })
  segment: Segment;

  @Column({ name: 'start_date', type: 'timestamptz' })
  startDate: Date;

  @Column({ name: 'end_date', type: 'timestamptz' })
  endDate: Date;

  @Column({ name: 'is_active', type: 'boolean' })
  isActive: boolean;

  @Column({ name: 'is_completed', type: 'boolean' })
  isCompleted: boolean;

  @Column({ name: 'is_manually_completed', type: 'boolean' })
  isManuallyCompleted: boolean;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;

  @Column({ name: 'fixture_count', type: 'integer' })
  fixtureCount: number;
}

export function toPeriod(row: PeriodRow): Period {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    segment: row.segment,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    isActive: row.isActive,
    isCompleted: row.isCompleted,
    isManuallyCompleted: row.isManuallyCompleted,
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
  };
}
