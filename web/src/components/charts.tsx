import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { uptimeLevel } from '../../../src/shared/uptime.js';
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

function niceMax(value: number): number {
  if (value <= 0) return 100;
  const exponent = 10 ** Math.floor(Math.log10(value));
  for (const m of [1, 1.5, 2, 2.5, 3, 4, 5, 7.5, 10]) if (value <= m * exponent) return m * exponent;
  return 10 * exponent;
}

function tickLabel(t: number, spanMs: number): string {
  const d = new Date(t);
  if (spanMs <= 2 * 86_400_000) return d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  return d.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
}

/** Response time over a time range: line and area, failure marks, hover and keyboard read-out. */
export function LineChart({
  points,
  from,
  to,
  height = 220,
  label,
  empty = 'No checks in this period yet',
}: {
  points: ChartPoint[];
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

  const pad = { left: 48, right: 12, top: 12, bottom: 26 };
  const innerW = width - pad.left - pad.right;
  const innerH = height - pad.top - pad.bottom;
  const values = points.map((p) => p.value).filter((v): v is number => v !== null);
  const max = niceMax(values.length ? Math.max(...values) : 0);
  const x = (t: number) => pad.left + ((t - from) / Math.max(1, to - from)) * innerW;
  const y = (v: number) => pad.top + innerH - (v / max) * innerH;
  const sorted = useMemo(() => [...points].sort((a, b) => a.t - b.t), [points]);

  let line = '';
  let area = '';
  let segmentStart: number | null = null;
  let last: ChartPoint | null = null;
  for (const p of sorted) {
    if (p.value === null) {
      if (segmentStart !== null && last) area += `L${x(last.t)},${pad.top + innerH}L${segmentStart},${pad.top + innerH}Z`;
      segmentStart = null;
      last = null;
      continue;
    }
    const px = x(p.t).toFixed(1);
    const py = y(p.value).toFixed(1);
    if (segmentStart === null) {
      line += `M${px},${py}`;
      area += `M${px},${py}`;
      segmentStart = Number(px);
    } else {
      line += `L${px},${py}`;
      area += `L${px},${py}`;
    }
    last = p;
  }
  if (segmentStart !== null && last) area += `L${x(last.t)},${pad.top + innerH}L${segmentStart},${pad.top + innerH}Z`;

  const ticks = 5;
  const xTicks = Array.from({ length: ticks }, (_, i) => from + ((to - from) * i) / (ticks - 1));
  const yTicks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * max);
  const hovered = hover !== null ? sorted[hover] : undefined;

  const onMove = (clientX: number) => {
    const rect = wrap.current?.getBoundingClientRect();
    if (!rect || sorted.length === 0) return;
    const t = from + ((clientX - rect.left - pad.left) / innerW) * (to - from);
    let best = 0;
    for (let i = 1; i < sorted.length; i++) if (Math.abs(sorted[i]!.t - t) < Math.abs(sorted[best]!.t - t)) best = i;
    setHover(best);
  };

  const onKey = (event: KeyboardEvent) => {
    if (sorted.length === 0) return;
    if (event.key === 'ArrowRight') setHover((h) => Math.min(sorted.length - 1, (h ?? -1) + 1));
    else if (event.key === 'ArrowLeft') setHover((h) => Math.max(0, (h ?? sorted.length) - 1));
    else if (event.key === 'Escape') setHover(null);
    else return;
    event.preventDefault();
  };

  return (
    <div className="chart" ref={wrap}>
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
              {v >= 1000 ? `${(v / 1000).toFixed(v % 1000 ? 1 : 0)}s` : `${Math.round(v)}ms`}
            </text>
          </g>
        ))}
        {xTicks.map((t, i) => (
          <text key={t} className="chart-axis" x={x(t)} y={height - 6} textAnchor={i === 0 ? 'start' : i === ticks - 1 ? 'end' : 'middle'}>
            {tickLabel(t, to - from)}
          </text>
        ))}
        <path className="chart-area" d={area} />
        <path className="chart-line" d={line} />
        {sorted.map((p, i) =>
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
          {hovered.note && <span>{hovered.note}</span>}
        </div>
      )}
      {values.length === 0 && <div className="chart-empty">{empty}</div>}
    </div>
  );
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
