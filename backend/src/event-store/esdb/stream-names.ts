/**
 * Our stream ids ↔ EventStoreDB stream names.
 *
 * EventStoreDB reserves names that start with `$` for its own streams (`$settings`, `$stats-…`,
 * the `$$<stream>` metadata streams), and its `$all` readers tell system events apart by that `$`.
 * Treble's ids (`user-<uuid>`, `season`, `picks-<uuid>`, …) never start with one, so they are
 * written under their own name. To keep the mapping total and reversible anyway, an id that starts
 * with `$` or with the escape character `~` gets one more `~` in front; reading strips exactly one.
 *
 *   user-42  ↔ user-42        $odd ↔ ~$odd        ~x ↔ ~~x
 */
const ESCAPE = '~';

export function toEsdbStreamName(streamId: string): string {
  if (streamId.length === 0) throw new Error('A stream id must not be empty');
  return streamId.startsWith('$') || streamId.startsWith(ESCAPE) ? `${ESCAPE}${streamId}` : streamId;
}

export function fromEsdbStreamName(name: string): string {
  return name.startsWith(ESCAPE) ? name.slice(1) : name;
}

/** Events EventStoreDB writes itself (and links, `$>`): never handed to Treble's readers. */
export function isSystemEvent(streamName: string, type: string): boolean {
  return streamName.startsWith('$') || type.startsWith('$');
}
