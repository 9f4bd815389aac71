import { describe, expect, it } from '@jest/globals';
import { csvField, csvLine } from './export.queries.js';
import { performanceTrend, standardDeviation } from './performance-stats.js';
import { pageParams, percent } from './read-sql.js';

describe('performanceTrend (docs/rules.md, Screens)', () => {
  it('is stable with fewer than 2 entries', () => {
    expect(performanceTrend([])).toBe('stable');
    expect(performanceTrend([9])).toBe('stable');
  });

  it('compares the last 3 entries with the 3 before: above 110% improving, below 90% declining', () => {
    expect(performanceTrend([1, 1, 1, 10, 10, 10, 12, 12, 11])).toBe('improving'); // 11.67 against 10
    expect(performanceTrend([0, 0, 0, 10, 10, 10, 11, 11, 11])).toBe('stable'); // exactly 110%
    expect(performanceTrend([10, 10, 10, 9, 9, 9])).toBe('stable'); // exactly 90%
    expect(performanceTrend([10, 10, 10, 8, 9, 9])).toBe('declining');
  });

  it('uses half the entries on each side when there are fewer than 6', () => {
    expect(performanceTrend([3, 4])).toBe('improving');
    expect(performanceTrend([9, 4, 2, 3])).toBe('declining');
    expect(performanceTrend([9, 4, 5, 4, 5])).toBe('stable'); // 4.5 against 4.5 (the oldest left out)
  });

  it('counts any points after a previous window of 0 as improving', () => {
    expect(performanceTrend([0, 0, 1])).toBe('improving');
    expect(performanceTrend([0, 0])).toBe('stable');
  });
});

describe('standardDeviation', () => {
  it('is the population standard deviation', () => {
    expect(standardDeviation([9, 4, 2, 3])).toBeCloseTo(2.6926, 4);
    expect(standardDeviation([5, 5, 5])).toBe(0);
    expect(standardDeviation([7])).toBe(0);
  });
});

describe('CSV (RFC 4180)', () => {
  it('quotes fields with commas, quotes or line breaks and doubles the quotes', () => {
    expect(csvField('Arsenal')).toBe('Arsenal');
    expect(csvField('Brighton, Hove')).toBe('"Brighton, Hove"');
    expect(csvField('The "Toffees"')).toBe('"The ""Toffees"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(3)).toBe('3');
    expect(csvLine(['a', 'b,c', null])).toBe('a,"b,c",\r\n');
  });
});

describe('paging and percentages', () => {
  it('takes ?limit=&offset= as whole numbers, absent meaning the whole list', () => {
    expect(pageParams()).toEqual([null, 0]);
    expect(pageParams({ limit: 20, offset: 40 })).toEqual([20, 40]);
    expect(() => pageParams({ limit: 1.5 })).toThrow('limit must be a whole number');
    expect(() => pageParams({ offset: -1 })).toThrow('offset must be a whole number');
  });

  it('gives percentages with two decimals, 0 of 0 being 0', () => {
    expect(percent(1, 3)).toBe(33.33);
    expect(percent(2, 3)).toBe(66.67);
    expect(percent(0, 0)).toBe(0);
  });
});
