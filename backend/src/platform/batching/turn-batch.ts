/**
 * Reads asked for in one turn of the event loop, done together at its end: each caller names the
 * keys it wants and gets the map of every key of the batch (a key nobody has is absent). At a
 * deadline many requests arrive in one turn; their reads become one round trip. The batch runs
 * with the context of its first caller (its time, say); a failed read fails every caller.
 */
export class TurnBatch<Key, Value, Context = void> {
  private open: { keys: Set<Key>; read: Promise<Map<Key, Value>> } | null = null;

  constructor(private readonly readAll: (keys: Key[], context: Context) => Promise<Map<Key, Value>>) {}

  get(keys: Iterable<Key>, context: Context): Promise<Map<Key, Value>> {
    let open = this.open;
    if (open === null) {
      const batch = new Set<Key>();
      const read = new Promise((resolve) => setImmediate(resolve)).then(() => {
        this.open = null;
        return this.readAll([...batch], context);
      });
      open = this.open = { keys: batch, read };
    }
    for (const key of keys) open.keys.add(key);
    return open.read;
  }
}
