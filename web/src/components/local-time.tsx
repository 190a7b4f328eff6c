import { dateTime, utcTime } from '../format.js';

/** A time in the viewer's zone, with the exact UTC time on hover and for assistive technology's `datetime`. */
export function LocalTime({ iso, children }: { iso: string; children?: string }) {
  return (
    <time dateTime={iso} title={utcTime(iso)}>
      {children ?? dateTime(iso)}
    </time>
  );
}
