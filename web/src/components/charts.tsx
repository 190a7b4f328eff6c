import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { uptimeLevel } from '../../../src/shared/uptime.js';
import { durationTickLabel, timeTicks, valueTicks } from '../../../src/shared/chart-scale.js';
import { ms } from '../format.js';

/** A tiny line of response times (oldest left); failed checks are red dots. No axes: a glance, not a chart. */
export function Sparkline({
  points,
  width = 120,
  height = 32,
  label,
}: {
  points: Array<{ value: number | null; failed?: boolean }>;
  width?: number;
  height?: number;
  label: string;
}) {
  const values = points.map((p) => p.value).filter((v): v is number => v !== null);
  if (points.length < 2 || values.length === 0) {
    return (
      <svg className="sparkline sparkline-empty" width={width} height={height} role="img" aria-label={`${label}: no data yet`}>
        <line x1={0} x2={width} y1={height - 4} y2={height - 4} />
      </svg>
    );
  }
  const max = Math.max(...values, 1);
  const step = width / (points.length - 1);
  const y = (v: number) => height - 3 - (v / max) * (height - 8);
  let d = '';
  points.forEach((p, i) => {
    if (p.value === null) return;
    d += `${d === '' || points[i - 1]?.value === null ? 'M' : 'L'}${(i * step).toFixed(1)},${y(p.value).toFixed(1)}`;
  });
  const area = `${d}L${((points.length - 1) * step).toFixed(1)},${height}L0,${height}Z`;
  return (
    <svg
      className="sparkline"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`${label}: ${ms(Math.min(...values))} to ${ms(Math.max(...values))}`}
    >
      <path className="sparkline-area" d={area} />
      <path className="sparkline-line" d={d} />
      {points.map((p, i) =>
        p.failed ? <circle key={i} className="sparkline-fail" cx={i * step} cy={p.value === null ? height - 4 : y(p.value)} r={2.5} /> : null,
      )}
    </svg>
  );
}

export interface ChartPoint {
  /** Epoch ms. */
  t: number;
  /** Response time (ms), or null for a gap. */
  value: number | null;
  /** Share of failed checks in this point (0..1), drawn as a red mark. */
  failures?: number;
  /** What the tooltip says besides time and value. */
  note?: string;
}

/** One line of a chart: a region's runs, or the hourly averages of every region where runs do not reach. */
export interface ChartSeries {
  key: string;
  label: string;
  points: ChartPoint[];
  /** Drawn dashed: a coarser summary (rollups) rather than single checks. */
  summary?: boolean;
}

function timeLabel(t: number, step: number): string {
  const d = new Date(t);
  if (step >= 86_400_000) return d.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
  return d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

/** The widest a time label is drawn (px), with room between labels: "12:45 PM" and "Nov 27" in the axis font. */
const LABEL_PX = 78;

/** Response time over a time range: a line per series with a legend, failure marks, hover and keyboard read-out. */
export function LineChart({
  series,
  from,
  to,
  height = 220,
  label,
  empty = 'No checks in this period yet',
}: {
  series: ChartSeries[];
  from: number;
  to: number;
  height?: number;
  label: string;
  /** What the chart says when it has no value to draw. */
  empty?: string;
}) {
  const wrap = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  const [hover, setHover] = useState<number | null>(null);
  const titleId = useId();

  useEffect(() => {
    const element = wrap.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.max(260, Math.floor(entry!.contentRect.width))));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const pad = { left: 52, right: 14, top: 12, bottom: 26 };
  const innerW = width - pad.left - pad.right;
  const innerH = height - pad.top - pad.bottom;
  const drawn = series.filter((s) => s.points.length > 0);
  /** Every point of every series, oldest first, with the series it belongs to: what hover and the arrow keys read. */
  const all = useMemo(
    () => drawn.flatMap((s, index) => s.points.map((p) => ({ ...p, series: s.label, index }))).sort((a, b) => a.t - b.t),
    // `drawn` is derived from `series` on each render.
    [series],
  );
  const values = all.map((p) => p.value).filter((v): v is number => v !== null);
  const yTicks = valueTicks(values.length ? Math.max(...values) : 0);
  const top = yTicks[yTicks.length - 1]!;
  const yStep = yTicks[1]! - yTicks[0]!;
  const { ticks: xTicks, step: xStep } = timeTicks(from, to, innerW, LABEL_PX, new Date(to).getTimezoneOffset());
  const x = (t: number) => pad.left + ((t - from) / Math.max(1, to - from)) * innerW;
  const y = (v: number) => pad.top + innerH - (v / top) * innerH;

  /** A series' line, broken at its gaps (a timeout has no duration). */
  const path = (points: ChartPoint[]) => {
    let d = '';
    let open = false;
    for (const p of [...points].sort((a, b) => a.t - b.t)) {
      if (p.value === null) {
        open = false;
        continue;
      }
      d += `${open ? 'L' : 'M'}${x(p.t).toFixed(1)},${y(p.value).toFixed(1)}`;
      open = true;
    }
    return d;
  };
  const single = drawn.length === 1 ? drawn[0]! : null;
  const area = single ? areaPath(single.points, x, y, pad.top + innerH) : '';
  const hovered = hover !== null ? all[hover] : undefined;

  const onMove = (clientX: number) => {
    const rect = wrap.current?.getBoundingClientRect();
    if (!rect || all.length === 0) return;
    const t = from + ((clientX - rect.left - pad.left) / innerW) * (to - from);
    let best = 0;
    for (let i = 1; i < all.length; i++) if (Math.abs(all[i]!.t - t) < Math.abs(all[best]!.t - t)) best = i;
    setHover(best);
  };

  const onKey = (event: KeyboardEvent) => {
    if (all.length === 0) return;
    if (event.key === 'ArrowRight') setHover((h) => Math.min(all.length - 1, (h ?? -1) + 1));
    else if (event.key === 'ArrowLeft') setHover((h) => Math.max(0, (h ?? all.length) - 1));
    else if (event.key === 'Escape') setHover(null);
    else return;
    event.preventDefault();
  };

  return (
    <div className="chart" ref={wrap}>
      {drawn.length > 1 && (
        <ul className="chart-legend" aria-label="Lines">
          {drawn.map((s, index) => (
            <li key={s.key} className={`chart-series-${index}${s.summary ? ' chart-summary' : ''}`}>
              <span className="chart-swatch" aria-hidden="true" />
              {s.label}
            </li>
          ))}
        </ul>
      )}
      <svg
        width={width}
        height={height}
        role="img"
        aria-labelledby={titleId}
        tabIndex={0}
        onMouseMove={(e) => onMove(e.clientX)}
        onMouseLeave={() => setHover(null)}
        onKeyDown={onKey}
        onBlur={() => setHover(null)}
      >
        <title id={titleId}>
          {label}
          {values.length ? `: ${ms(Math.min(...values))} to ${ms(Math.max(...values))}. Use the arrow keys to read points.` : ': no data'}
        </title>
        {yTicks.map((v) => (
          <g key={v}>
            <line className="chart-grid" x1={pad.left} x2={width - pad.right} y1={y(v)} y2={y(v)} />
            <text className="chart-axis" x={pad.left - 8} y={y(v) + 4} textAnchor="end">
              {durationTickLabel(v, yStep)}
            </text>
          </g>
        ))}
        {xTicks.map((t) => {
          const at = x(t);
          // A label near an edge is anchored inside the chart rather than cut off.
          const anchor = at - pad.left < LABEL_PX / 2 ? 'start' : width - pad.right - at < LABEL_PX / 2 ? 'end' : 'middle';
          return (
            <text key={t} className="chart-axis chart-axis-x" x={at} y={height - 6} textAnchor={anchor}>
              {timeLabel(t, xStep)}
            </text>
          );
        })}
        {single && <path className="chart-area" d={area} />}
        {drawn.map((s, index) => (
          <path key={s.key} className={`chart-line chart-series-${index}${s.summary ? ' chart-summary' : ''}`} d={path(s.points)} data-series={s.key} />
        ))}
        {all.map((p, i) =>
          p.failures && p.failures > 0 ? (
            <rect key={i} className="chart-fail" x={x(p.t) - 2} y={pad.top + innerH - 6} width={4} height={6} opacity={0.35 + 0.65 * Math.min(1, p.failures)} />
          ) : null,
        )}
        {hovered && (
          <g>
            <line className="chart-cursor" x1={x(hovered.t)} x2={x(hovered.t)} y1={pad.top} y2={pad.top + innerH} />
            {hovered.value !== null && <circle className="chart-point" cx={x(hovered.t)} cy={y(hovered.value)} r={4} />}
          </g>
        )}
      </svg>
      {hovered && (
        <div className="chart-tooltip" style={{ left: Math.min(Math.max(x(hovered.t), 80), width - 80) }} role="status">
          <strong>{hovered.value === null ? 'No data' : ms(hovered.value)}</strong>
          <span>{new Date(hovered.t).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })}</span>
          <span>{hovered.note ? `${hovered.series} · ${hovered.note}` : hovered.series}</span>
        </div>
      )}
      {values.length === 0 && <div className="chart-empty">{empty}</div>}
    </div>
  );
}

/** The filled area under a single line, closed to the baseline at each gap. */
function areaPath(points: ChartPoint[], x: (t: number) => number, y: (v: number) => number, base: number): string {
  let d = '';
  let start: number | null = null;
  let last: number | null = null;
  for (const p of [...points].sort((a, b) => a.t - b.t)) {
    if (p.value === null) {
      if (start !== null && last !== null) d += `L${last.toFixed(1)},${base}L${start.toFixed(1)},${base}Z`;
      start = null;
      continue;
    }
    const px = x(p.t);
    d += `${start === null ? 'M' : 'L'}${px.toFixed(1)},${y(p.value).toFixed(1)}`;
    if (start === null) start = px;
    last = px;
  }
  if (start !== null && last !== null) d += `L${last.toFixed(1)},${base}L${start.toFixed(1)},${base}Z`;
  return d;
}

/** A bar per bucket of uptime (green full, amber partial, red bad, grey no data). */
export function UptimeBar({ buckets, label }: { buckets: Array<{ t: number; uptime: number | null; note: string }>; label: string }) {
  return (
    <div className="uptime-bar" role="img" aria-label={label}>
      {buckets.map((b) => (
        <span key={b.t} title={b.note} className={`uptime-cell ${b.uptime === null ? 'none' : uptimeLevel(b.uptime)}`} />
      ))}
    </div>
  );
}
