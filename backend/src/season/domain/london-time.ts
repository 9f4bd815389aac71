/**
 * Converts a wall-clock time in Europe/London (GMT in winter, BST in summer) to a UTC instant.
 * The openfootball files carry UK local times with no zone; every instant is stored in UTC.
 */
const londonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Offset of London from UTC at an instant, in milliseconds (0 or 3,600,000). */
function londonOffsetMs(instant: number): number {
  const parts = Object.fromEntries(
    londonParts.formatToParts(new Date(instant)).map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  // The parts have no milliseconds; the instants asked about here are whole minutes.
  return asUtc - instant;
}

export function londonLocalToUtc(date: string, time: string): Date {
  const dateMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const timeMatch = /^(\d{2}):(\d{2})$/.exec(time);
  if (!dateMatch || !timeMatch) throw new Error(`Not a local date and time: "${date}" "${time}"`);
  const wallClockAsUtc = Date.UTC(
    Number(dateMatch[1]),
    Number(dateMatch[2]) - 1,
    Number(dateMatch[3]),
    Number(timeMatch[1]),
    Number(timeMatch[2]),
  );
  // First guess with the offset at the wall-clock instant, then correct once with the offset at
  // the guessed instant (differs only within the hours around a clock change).
  const guess = wallClockAsUtc - londonOffsetMs(wallClockAsUtc);
  return new Date(wallClockAsUtc - londonOffsetMs(guess));
}
