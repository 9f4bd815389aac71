import { describe, expect, it } from '@jest/globals';
import { londonLocalToUtc } from './london-time.js';

describe('London wall-clock time to UTC', () => {
  it('subtracts an hour in British Summer Time', () => {
    expect(londonLocalToUtc('2025-08-15', '20:00').toISOString()).toBe('2025-08-15T19:00:00.000Z');
    expect(londonLocalToUtc('2026-04-11', '15:00').toISOString()).toBe('2026-04-11T14:00:00.000Z');
  });

  it('keeps the time in Greenwich Mean Time', () => {
    expect(londonLocalToUtc('2025-12-26', '12:30').toISOString()).toBe('2025-12-26T12:30:00.000Z');
  });

  it('switches on the days the clocks change', () => {
    // Clocks go back at 02:00 BST on 26 Oct 2025 and forward at 01:00 GMT on 29 Mar 2026.
    expect(londonLocalToUtc('2025-10-25', '17:30').toISOString()).toBe('2025-10-25T16:30:00.000Z');
    expect(londonLocalToUtc('2025-10-26', '14:00').toISOString()).toBe('2025-10-26T14:00:00.000Z');
    expect(londonLocalToUtc('2026-03-28', '15:00').toISOString()).toBe('2026-03-28T15:00:00.000Z');
    expect(londonLocalToUtc('2026-03-29', '16:30').toISOString()).toBe('2026-03-29T15:30:00.000Z');
  });

  it('reads the hour before the clocks go back as summer time', () => {
    // 00:30 on 26 Oct 2025 is still BST (the clocks go back at 02:00 BST, 01:00 UTC).
    expect(londonLocalToUtc('2025-10-26', '00:30').toISOString()).toBe('2025-10-25T23:30:00.000Z');
    expect(londonLocalToUtc('2025-10-26', '00:59').toISOString()).toBe('2025-10-25T23:59:00.000Z');
    // 01:30 happens twice that night; the file means the second, in GMT.
    expect(londonLocalToUtc('2025-10-26', '01:30').toISOString()).toBe('2025-10-26T01:30:00.000Z');
    // The hour after the clocks go forward is summer time.
    expect(londonLocalToUtc('2026-03-29', '03:00').toISOString()).toBe('2026-03-29T02:00:00.000Z');
  });

  it('refuses a date or a time with anything before or after it', () => {
    expect(() => londonLocalToUtc('2025-08-15x', '20:00')).toThrow(/Not a local date and time/);
    expect(() => londonLocalToUtc('x2025-08-15', '20:00')).toThrow(/Not a local date and time/);
    expect(() => londonLocalToUtc('2025-08-15', '20:00x')).toThrow(/Not a local date and time/);
    expect(() => londonLocalToUtc('2025-08-15', 'x20:00')).toThrow(/Not a local date and time/);
  });

  it('refuses text that is not a date and a time', () => {
    expect(() => londonLocalToUtc('15/08/2025', '20:00')).toThrow(/Not a local date and time/);
    expect(() => londonLocalToUtc('2025-08-15', '8pm')).toThrow(/Not a local date and time/);
  });
});
