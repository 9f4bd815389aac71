import { describe, expect, it } from '@jest/globals';
import { bundle, poolPage } from './bundles.js';

const office = { key: '', address: 'default', name: 'Office pool' };
const family = { key: 'k7', address: 'family-2026', name: 'Family pool' };
const reminder = (subject: string, periodId: number) => ({
  kind: 'reminder' as const,
  subject,
  text: `Make your picks for ${subject}.`,
  url: '/predictions',
  periodId,
});

describe('one message for several pools', () => {
  it("links a page into its pool: the default pool's without a prefix", () => {
    expect(poolPage(office, '/predictions')).toBe('/predictions');
    expect(poolPage(family, '/predictions')).toBe('/p/family-2026/predictions');
    expect(poolPage(family, '/')).toBe('/p/family-2026/');
  });

  it('names each pool in the subject, and gives each its own section, link and log entry', () => {
    const message = bundle(
      [
        { pool: office, message: reminder('Matchweek 3', 3) },
        { pool: family, message: reminder('Matchweek 3 (family)', 3) },
      ],
      'https://pool.example',
    );
    expect(message).toEqual({
      kind: 'reminder',
      subject: 'Picks to make in 2 pools: Office pool, Family pool',
      text: [
        '== Office pool ==',
        'Matchweek 3',
        '',
        'Make your picks for Matchweek 3.',
        'https://pool.example/predictions',
        '',
        '== Family pool ==',
        'Matchweek 3 (family)',
        '',
        'Make your picks for Matchweek 3 (family).',
        'https://pool.example/p/family-2026/predictions',
      ].join('\n'),
      url: '/pools',
      periodId: null,
      pools: [
        { key: '', periodId: 3 },
        { key: 'k7', periodId: 3 },
      ],
    });
  });
});
