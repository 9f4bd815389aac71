import fs from 'node:fs';
import { afterAll, describe, expect, it } from '@jest/globals';
import { parseSeasonFile, SeasonFileError } from '../../src/season/domain/season-file.js';
import { BenchSection, times } from './report.js';

/**
 * The season-file parser on hostile text (issue 22): a 100 KB Football.TXT file made to make a
 * backtracking pattern go quadratic, against a normal season file of the same size parsed in the
 * same run. A linear parser keeps the two within a small factor; the pattern it replaced took
 * 3.8 s for one line of 80,000 spaces (and held the whole API meanwhile). Prints and records the
 * ratio; asserts only what the parser answers, never a time.
 */
const report = new BenchSection(
  'season-file',
  'The season-file parser on hostile text',
  'Median parse time of a 100 KB Football.TXT file against a real season file of the same size (the bundled seasons end to end, cut at a line end), parsed alternately in the same run.',
);
afterAll(() => report.write());

const fixture = (name: string) =>
  fs.readFileSync(new URL(`../fixtures/openfootball/${name}`, import.meta.url), 'utf8');
const size = 100_000;
const seasons = ['2024-25', '2025-26', '2026-27'].map((season) => fixture(`${season}-1-premierleague.txt`));
const normalText = [...seasons, ...seasons].join('\n');
const normal = normalText.slice(0, normalText.lastIndexOf('\n', size));
const head = '= Premier League 2025/26\n» Matchday 1\n  Sat Aug 16 2025\n';
const hostile: Record<string, string> = {
  'one line: a, 100,000 spaces, b': `${head}a${' '.repeat(size)}b`,
  "one line: spaces around a 'v' and no away team": `${head}15:00 a${' '.repeat(size / 2)}v${' '.repeat(size / 2)}`,
  '2,000 lines of 48 spaces around a v': head + `x${' '.repeat(47)}v\n`.repeat(2_000),
};

/** Parse time in ms; a refused file is an answer like any other. */
function parseTime(text: string): number {
  const started = performance.now();
  try {
    parseSeasonFile(text);
  } catch (error) {
    if (!(error instanceof SeasonFileError)) throw error;
  }
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;
const target = 10;

describe('parsing a hostile season file against a normal one of the same size', () => {
  it('reads the normal file', () => {
    expect(parseSeasonFile(normal).matches.length).toBeGreaterThan(900);
  });

  for (const [workload, text] of Object.entries(hostile)) {
    it(
      workload,
      () => {
        expect(() => parseSeasonFile(text)).toThrow(SeasonFileError);
        const measured: number[] = [];
        const baseline: number[] = [];
        for (let round = 0; round < 15; round++) {
          baseline.push(parseTime(normal));
          measured.push(parseTime(text));
        }
        const ratio = median(measured) / median(baseline);
        report.record({
          workload: `Football.TXT ${(text.length / 1000).toFixed(0)} KB, ${workload}`,
          players: 0,
          measured: ms(median(measured)),
          baseline: `real season file ${(normal.length / 1000).toFixed(0)} KB ${ms(median(baseline))}`,
          ratio,
          target: `≤ ${target}`,
          met: ratio <= target,
          shortBy: times(ratio / target),
        });
      },
      600_000,
    );
  }
});
