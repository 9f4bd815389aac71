import type { ResolvedEvent } from '@eventstore/db-client';
import type { EventMetadata } from '../../shared/domain/event.js';
import type { RecordedEvent } from '../event-store.port.js';
import { fromEsdbStreamName, isSystemEvent } from './stream-names.js';

/**
 * An event's metadata as EventStoreDB keeps it: an object type rather than an interface, so that it
 * is the client's JSON object type (`JSONType`) and its metadata reads back as one. `migratedFrom`:
 * where a migrated event came from (`npm run events -- migrate --to esdb` writes its position in
 * the source log and when that log recorded it, ISO 8601); reading gives that time as `recordedAt`.
 */
export type StoredMetadata = Pick<EventMetadata, keyof EventMetadata> & {
  migratedFrom?: { position: string; recordedAt: string };
};

/**
 * Maps an EventStoreDB event to ours; null for system events (`$` streams or types), links and
 * anything without a position, which Treble's readers never see.
 */
export function toRecordedEvent(resolved: ResolvedEvent): RecordedEvent | null {
  const event = resolved.event;
  if (!event || !event.position || isSystemEvent(event.streamId, event.type)) return null;
  const { migratedFrom, ...metadata } = (event.metadata ?? {}) as StoredMetadata;
  return {
    id: event.id,
    streamId: fromEsdbStreamName(event.streamId),
    version: Number(event.revision),
    position: event.position.commit,
    type: event.type,
    data: event.data,
    metadata,
    recordedAt: migratedFrom ? new Date(migratedFrom.recordedAt) : event.created,
  };
}
