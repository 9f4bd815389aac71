/*
 * A person in several pools gets one message per send, naming each pool, never one per pool
 * (docs/adr/015). Pure: the caller groups what is due and sends what comes out.
 */

export interface PoolOfLetter {
  key: string;
  address: string;
  name: string;
}

export interface BundledMessage {
  kind: 'reminder' | 'results' | 'announcement' | 'welcome';
  subject: string;
  text: string;
  url: string;
  periodId: number | null;
}

/** A page of the web app in a pool: the default pool's pages have no prefix, the others' `/p/{address}`. */
export function poolPage(pool: { key: string; address: string }, url: string): string {
  if (pool.key === '') return url;
  return url === '/' ? `/p/${pool.address}/` : `/p/${pool.address}${url}`;
}

const what: Record<BundledMessage['kind'], string> = {
  reminder: 'Picks to make',
  results: 'Results',
  announcement: 'Messages',
  welcome: 'Welcome',
};

/** One message for several pools' messages of one kind to one person: each pool's under its name, with its link. */
export function bundle(
  letters: readonly { pool: PoolOfLetter; message: BundledMessage }[],
  baseUrl: string,
): BundledMessage & { pools: { key: string; periodId: number | null }[] } {
  const kind = letters[0]!.message.kind;
  const names = letters.map((letter) => letter.pool.name);
  return {
    kind,
    subject: `${what[kind]} in ${letters.length} pools: ${names.join(', ')}`,
    text: letters
      .map(({ pool, message }) =>
        [
          `== ${pool.name} ==`,
          message.subject,
          '',
          message.text,
          `${baseUrl}${poolPage(pool, message.url)}`,
        ].join('\n'),
      )
      .join('\n\n'),
    url: '/pools',
    periodId: null,
    pools: letters.map(({ pool, message }) => ({ key: pool.key, periodId: message.periodId })),
  };
}
