/**
 * Converts a wall-clock time in Europe/London (GMT in winter, BST in summer) to a UTC instant.
 * The openfootball files carry UK local times with no zone; every instant is stored in UTC.
 */
const londonZone = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  timeZoneName: 'longOffset',
});

/** Offset of London from UTC at an instant, in milliseconds (0 or 3,600,000). */
function londonOffsetMs(instant: number): number {
  // "GMT+01:00" in summer; "GMT+00:00" (or plain "GMT") in winter.
  const zone = londonZone.formatToParts(instant).find((part) => part.type === 'timeZoneName')!.value;
  const offset = /([+-])(\d{2}):(\d{2})$/.exec(zone);
  if (!offset) return 0;
  return (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) * 60_000;
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
