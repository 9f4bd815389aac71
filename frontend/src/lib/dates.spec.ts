import { describe, expect, test } from '@jest/globals';
import { displayTimeZone, formatDate, formatDateTime } from './dates';

// 19:00 UTC on Friday 15 August 2025: 20:00 the same evening in London (BST), 04:00 the next
// morning in Tokyo.
const kickOff = '2025-08-15T19:00:00.000Z';

describe('date formatting', () => {
  test('the same instant shows the local date and time of each zone', () => {
    const london = formatDateTime(kickOff, { timeZone: 'Europe/London', locale: 'en-GB' });
    const tokyo = formatDateTime(kickOff, { timeZone: 'Asia/Tokyo', locale: 'en-GB' });

    expect(london).toMatch(/Fri/);
    expect(london).toMatch(/15 Aug 2025/);
    expect(london).toMatch(/20:00/);
    expect(tokyo).toMatch(/Sat/);
    expect(tokyo).toMatch(/16 Aug 2025/);
    expect(tokyo).toMatch(/04:00/);
  });

  test('London follows daylight saving time: GMT in winter', () => {
    expect(formatDateTime('2025-12-26T12:30:00Z', { timeZone: 'Europe/London', locale: 'en-GB' })).toMatch(
      /12:30/,
    );
    expect(formatDateTime('2025-08-26T12:30:00Z', { timeZone: 'Europe/London', locale: 'en-GB' })).toMatch(
      /13:30/,
    );
  });

  test('formatDate gives the calendar day in the zone', () => {
    expect(formatDate(kickOff, { timeZone: 'Europe/London', locale: 'en-GB' })).toMatch(
      /^Fri,? 15 Aug 2025$/,
    );
    expect(formatDate(kickOff, { timeZone: 'Asia/Tokyo', locale: 'en-GB' })).toMatch(/^Sat,? 16 Aug 2025$/);
  });

  test('without a zone it uses the viewer’s zone', () => {
    const viewerZone = displayTimeZone();
    expect(viewerZone).toBe(new Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(formatDateTime(kickOff, { locale: 'en-GB' })).toBe(
      formatDateTime(kickOff, { locale: 'en-GB', timeZone: viewerZone }),
    );
    expect(displayTimeZone({ timeZone: 'Asia/Tokyo' })).toBe('Asia/Tokyo');
  });

  test('a malformed instant is refused rather than shown as "Invalid Date"', () => {
    expect(() => formatDateTime('not a date')).toThrow(RangeError);
  });
});
