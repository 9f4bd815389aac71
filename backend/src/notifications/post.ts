import { forEachPlayer, type NotificationChannels, type Recipient } from './channels.js';
import { bundle, poolPage, type BundledMessage, type PoolOfLetter } from './domain/bundles.js';

/** One pool's message to one person, on the channels they chose for its kind. */
export interface Letter {
  pool: PoolOfLetter;
  recipient: Recipient;
  message: BundledMessage;
  channels: { email: boolean; push: boolean };
}

/**
 * Sends what one check found due in every pool: a person's letters of one kind (and channels) go
 * as one message naming each pool; a single letter goes as it is, linked into its pool.
 */
export async function post(
  channels: NotificationChannels,
  letters: readonly Letter[],
  now: Date,
): Promise<void> {
  const byPerson = new Map<string, Letter[]>();
  for (const letter of letters) {
    const key = [
      letter.recipient.userId,
      letter.message.kind,
      letter.channels.email,
      letter.channels.push,
    ].join('|');
    byPerson.set(key, [...(byPerson.get(key) ?? []), letter]);
  }
  await forEachPlayer([...byPerson.values()], async (mine) => {
    const [{ pool, recipient, message, channels: chosen }] = mine as [Letter, ...Letter[]];
    // One letter goes as it is, linked into its pool and logged there (no second look at the registry).
    const single = {
      ...message,
      url: poolPage(pool, message.url),
      pools: [{ key: pool.key, periodId: message.periodId }],
    };
    await channels.send(
      recipient,
      mine.length === 1 ? single : bundle(mine, channels.baseUrl()),
      chosen,
      now,
    );
  });
}
