/*
 * Wall-clock times in a named time zone, for the maintenance form: a `datetime-local` value
 * ("2026-12-01T22:00", no offset) means that time in the window's IANA zone, not in the browser's.
 * Intl knows every zone's offsets; a wall-clock time is turned into an instant by taking the
 * zone's offset near it, and again at the result (which settles across a daylight-saving change).
 */

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(zone, format);
  }
  return format;
}

/** Whether Intl knows the zone (the server judges it too; this only decides how the form reads times). */
export function knownZone(zone: string): boolean {
  try {
    formatIn(zone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of an instant in the zone. */
function fieldsIn(instant: number, zone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts: Record<string, number> = {};
  for (const part of formatIn(zone).formatToParts(new Date(instant))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** How far the zone's wall clock is ahead of UTC at the instant, in ms. */
function offsetAt(instant: number, zone: string): number {
  const f = fieldsIn(instant, zone);
  return Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second) - Math.floor(instant / 1000) * 1000;
}

/**
 * A `datetime-local` value read in the zone, as an ISO instant. An empty or unreadable value, or an
 * unknown zone, goes as the browser reads it, so that the API's message appears beside the field.
 */
export function zonedToIso(local: string, zone: string): string {
  const match = LOCAL.exec(local);
  if (!match || !knownZone(zone)) {
    const time = new Date(local).getTime();
    return local && Number.isFinite(time) ? new Date(time).toISOString() : local;
  }
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  let instant = wall - offsetAt(wall, zone);
  instant = wall - offsetAt(instant, zone);
  return new Date(instant).toISOString();
}

/** An instant as a `datetime-local` value: its wall-clock time in the zone, to the minute. */
export function isoToZoned(iso: string, zone: string): string {
  const instant = Date.parse(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (!knownZone(zone)) {
    const d = new Date(instant);
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }
  const f = fieldsIn(instant, zone);
  return `${f.year}-${pad(f.month)}-${pad(f.day)}T${pad(f.hour)}:${pad(f.minute)}`;
}

/** "27 Nov 2026, 22:00 UTC": the instant a zoned value stands for, as the hint under the field says it. */
export function utcText(iso: string): string {
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return '';
  return `${new Date(time).toLocaleString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })} UTC`;
}

/** The quick choices of the form: a start and an end as `datetime-local` values in the zone. */
export function presetTimes(preset: 'hour' | 'four-hours' | 'tonight', zone: string, now = Date.now()): { startsAt: string; endsAt: string } {
  const minute = Math.floor(now / 60_000) * 60_000;
  if (preset === 'hour' || preset === 'four-hours') {
    const hours = preset === 'hour' ? 1 : 4;
    return { startsAt: isoToZoned(new Date(minute).toISOString(), zone), endsAt: isoToZoned(new Date(minute + hours * 3_600_000).toISOString(), zone) };
  }
  // Tonight: 22:00 of today's date in the zone until 02:00 of the next day there.
  const today = isoToZoned(new Date(minute).toISOString(), zone).slice(0, 10);
  const start = zonedToIso(`${today}T22:00`, zone);
  const nextDay = isoToZoned(new Date(Date.parse(start) + 12 * 3_600_000).toISOString(), zone).slice(0, 10);
  return { startsAt: `${today}T22:00`, endsAt: `${nextDay}T02:00` };
}
