import { createHash } from 'node:crypto';
import type { PublicIncident, PublicMaintenance, PublicMonitor, PublicSection, PublicStatusPage, UptimeDay } from '../../domain/status-pages.js';
import { UPTIME_GOOD, UPTIME_WARN, formatUptime, uptimeLevel } from '../../shared/uptime.js';
import { INCIDENT_STATUS_TEXT, SEVERITY_TEXT, type OverallStatus } from '../../shared/vocabulary.js';
import { MONITOR_TEXT, OVERALL_TEXT, dateTime, duration, escape, longDate } from './format.js';

/**
 * The public status page: one server-rendered document, inline CSS, and one small script that
 * only rewrites times into the visitor's zone (without it they read in UTC). Semantic landmarks
 * and headings, text for every status (colour is never the only cue), light and dark schemes, a
 * layout that holds from a phone up, and a subscribe form that posts without any script.
 */

export interface RenderOptions {
  /** Offer subscribing by email (mail can be sent). */
  emailForm: boolean;
}

/** Days a phone shows of the 90-day bar (the CSS below hides the older ones under 40rem). */
const PHONE_DAYS = 30;

const CSS = `
:root{color-scheme:light dark;--bg:#f5f6f8;--card:#fff;--line:#e4e7ec;--text:#101828;--muted:#475467;--faint:#5d6b82;
--ok:#079455;--warn:#dc6803;--bad:#d92d20;--none:#d0d5dd;
--ok-fg:#067647;--ok-bg:#ecfdf3;--warn-fg:#b54708;--warn-bg:#fffaeb;--bad-fg:#b42318;--bad-bg:#fef3f2;--none-fg:#475467;--none-bg:#f2f4f7;
--banner-ok:#067647;--banner-warn:#b54708;--banner-bad:#b42318;--link:#1849a9;--shadow:0 1px 2px rgba(16,24,40,.06),0 1px 3px rgba(16,24,40,.04);
--maint:#2563eb;--maint-fg:#1e40af;--maint-bg:#dbeafe;--field:#fff}
@media (prefers-color-scheme:dark){:root{--bg:#0c111d;--card:#161b26;--line:#2a303c;--text:#f5f5f6;--muted:#cecfd2;--faint:#a3a7ae;
--ok:#17b26a;--warn:#f79009;--bad:#f04438;--none:#333741;
--ok-fg:#75e0a7;--ok-bg:#053321;--warn-fg:#fec84b;--warn-bg:#4e1d09;--bad-fg:#fda29b;--bad-bg:#55160c;--none-fg:#cecfd2;--none-bg:#1f242f;
--banner-ok:#085d3a;--banner-warn:#93370d;--banner-bad:#912018;--link:#84adff;--shadow:none;
--maint:#60a5fa;--maint-fg:#bfdbfe;--maint-bg:#172554;--field:#0c111d}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
a{color:var(--link)}
a:focus-visible{outline:2px solid var(--link);outline-offset:2px;border-radius:2px}
.wrap{max-width:54rem;margin:0 auto;padding:0 1.25rem}
.top{display:flex;align-items:center;justify-content:space-between;gap:1rem;flex-wrap:wrap;padding:2.5rem 0 1.5rem}
.top h1{margin:0;font-size:1.625rem;line-height:1.25;font-weight:700;letter-spacing:-.01em;overflow-wrap:anywhere}
.subscribe{display:inline-flex;align-items:center;gap:.4rem;padding:.45rem .85rem;border:1px solid var(--line);border-radius:.5rem;background:var(--card);color:var(--text);font-size:.875rem;font-weight:600;text-decoration:none;box-shadow:var(--shadow)}
.subscribe:hover{border-color:var(--faint)}
.subscribe svg{width:1rem;height:1rem;color:var(--warn)}
.banner{display:flex;align-items:center;gap:1rem;margin:0;padding:1.25rem 1.5rem;border-radius:.875rem;color:#fff;background:var(--banner-ok);box-shadow:var(--shadow)}
.banner.partial-outage{background:var(--banner-warn)}
.banner.major-outage{background:var(--banner-bad)}
.banner svg{flex:none;width:2.25rem;height:2.25rem}
.banner h2{margin:0;font-size:1.25rem;line-height:1.3}
.banner p{margin:.15rem 0 0;opacity:.95;font-size:.9375rem}
section{margin-top:2.5rem}
.section-head{display:flex;align-items:baseline;justify-content:space-between;gap:1rem;flex-wrap:wrap;margin:0 0 .75rem}
.section-head h2,.history>h2,.active>h2,#follow>h2{margin:0 0 .75rem;font-size:1.125rem;line-height:1.4}
.section-head h2{margin:0}
.section-head p{margin:0;color:var(--faint);font-size:.875rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:.875rem;box-shadow:var(--shadow)}
.monitors{list-style:none;margin:0;padding:0}
.monitor{padding:1.125rem 1.5rem 1rem}
.monitor+.monitor{border-top:1px solid var(--line)}
.monitor-head{display:flex;align-items:center;justify-content:space-between;gap:.5rem 1rem;flex-wrap:wrap}
.monitor h3{margin:0;font-size:1rem;line-height:1.4;font-weight:600;overflow-wrap:anywhere}
.target{display:block;color:var(--faint);font-size:.8125rem;font-weight:400}
.pill{display:inline-flex;align-items:center;gap:.4rem;padding:.125rem .625rem;border-radius:999px;font-size:.8125rem;font-weight:600;line-height:1.5;white-space:nowrap;color:var(--ok-fg);background:var(--ok-bg)}
.pill svg{width:.8rem;height:.8rem;flex:none}
.pill.degraded,.pill.identified,.pill.monitoring,.pill.minor{color:var(--warn-fg);background:var(--warn-bg)}
.pill.down,.pill.investigating,.pill.major,.pill.critical{color:var(--bad-fg);background:var(--bad-bg)}
.pill.no-data,.pill.paused{color:var(--none-fg);background:var(--none-bg)}
.pill.maintenance,.pill.scheduled{color:var(--maint-fg);background:var(--maint-bg)}
.bar{display:flex;gap:2px;height:2.125rem;margin-top:.875rem}
.bar span{flex:1 1 0;min-width:0;border-radius:2px;background:var(--ok)}
.bar span:hover{opacity:.65}
.bar .w{background:var(--warn)}
.bar .x{background:var(--bad)}
.bar .n{background:var(--none)}
.bar .m{background:var(--maint)}
.legend{display:flex;align-items:center;gap:.75rem;margin-top:.5rem;color:var(--faint);font-size:.8125rem;white-space:nowrap}
.legend .rule{flex:1;height:1px;background:var(--line)}
.legend .figure{color:var(--muted);font-weight:600}
.p30{display:none}
.key{display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;margin:.75rem 0 0;padding:0;list-style:none;color:var(--faint);font-size:.8125rem}
.key li{display:inline-flex;align-items:center;gap:.4rem}
.key i{display:inline-block;width:.625rem;height:.625rem;border-radius:2px;background:var(--ok)}
.key .w{background:var(--warn)}
.key .m{background:var(--maint)}
.key .x{background:var(--bad)}
.key .n{background:var(--none)}
.incident{padding:1.25rem 1.5rem;border-left:4px solid var(--bad)}
.incident.minor{border-left-color:var(--warn)}
.incident.maintenance{border-left-color:var(--maint)}
.group{margin:1.5rem 0 .5rem;font-size:1rem;line-height:1.4;color:var(--muted)}
.group:first-of-type{margin-top:0}
.monitor h4{margin:0;font-size:1rem;line-height:1.4;font-weight:600;overflow-wrap:anywhere}
.follow{padding:1.25rem 1.5rem}
.follow p{margin:0 0 .75rem;color:var(--muted);font-size:.9375rem}
.follow form{display:flex;flex-wrap:wrap;gap:.5rem;align-items:flex-end}
.follow label{display:block;width:100%;font-size:.875rem;font-weight:600}
.follow input{flex:1 1 16rem;min-width:0;padding:.5rem .75rem;border:1px solid var(--faint);border-radius:.5rem;background:var(--field);color:var(--text);font:inherit}
.follow button{padding:.5rem 1rem;border:0;border-radius:.5rem;background:var(--link);color:var(--bg);font:inherit;font-weight:600;cursor:pointer}
.follow input:focus-visible,.follow button:focus-visible,.subscribe:focus-visible{outline:3px solid var(--link);outline-offset:2px}
.follow .other{margin:.75rem 0 0;font-size:.875rem}
.incident+.incident{margin-top:1rem}
.incident h3,.past h4{margin:0;font-size:1.0625rem;line-height:1.4;overflow-wrap:anywhere}
.past h4{font-size:1rem}
.meta{display:flex;flex-wrap:wrap;align-items:center;gap:.375rem .75rem;margin:.375rem 0 0;color:var(--faint);font-size:.875rem}
.timeline{list-style:none;margin:1rem 0 0;padding:0}
.timeline li{position:relative;padding:0 0 1rem 1.25rem;border-left:2px solid var(--line);margin-left:.3rem}
.timeline li:last-child{padding-bottom:0;border-left-color:transparent}
.timeline li::before{content:"";position:absolute;left:-.4375rem;top:.375rem;width:.75rem;height:.75rem;border-radius:50%;background:var(--card);border:2px solid var(--faint)}
.timeline p{margin:0;white-space:pre-line;overflow-wrap:anywhere}
.timeline .when{color:var(--faint);font-size:.8125rem;white-space:normal}
.incident .timeline li:first-child::before{border-color:var(--bad);background:var(--bad)}
.incident.minor .timeline li:first-child::before{border-color:var(--warn);background:var(--warn)}
.past .timeline li:first-child::before{border-color:var(--ok);background:var(--ok)}
.history .card{padding:.25rem 1.5rem}
.day{padding:1rem 0}
.day+.day{border-top:1px solid var(--line)}
.day h3{margin:0;font-size:.9375rem;line-height:1.4}
.day.quiet{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:0 1rem;padding:.625rem 0}
.day.quiet h3{font-weight:600}
.day .none{margin:0;color:var(--faint);font-size:.875rem}
.past{margin-top:.75rem}
.past .timeline{margin-top:.75rem}
.empty{margin:0;padding:1.25rem 1.5rem;color:var(--faint)}
footer{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.5rem 1.5rem;margin:3rem auto 2.5rem;color:var(--faint);font-size:.875rem}
footer p{margin:0}
@media (max-width:40rem){
.wrap{padding:0 1rem}
.top{padding:1.75rem 0 1.25rem}
.top h1{font-size:1.375rem}
.banner{padding:1rem 1.125rem}
.banner h2{font-size:1.125rem}
.monitor,.incident,.follow{padding:1rem 1.125rem}
.history .card{padding:.25rem 1.125rem}
.bar{height:1.875rem}
.bar span:nth-child(-n+${90 - PHONE_DAYS}){display:none}
.p90{display:none}.p30{display:inline}
}
@media (prefers-reduced-motion:no-preference){.bar span{transition:opacity .1s}}
`.replace(/\n/g, '');

/** The hash that lets the page's one style block past its Content-Security-Policy (no script may run at all). */
export const STYLE_HASH = `sha256-${createHash('sha256').update(CSS).digest('base64')}`;

/**
 * Rewrites every `<time datetime="…T…">` into the visitor's zone, keeping the UTC text as its
 * title (shown on hover), and says so in the footer. Without it the page reads in UTC.
 */
const SCRIPT = `(function(){var f=new Intl.DateTimeFormat(undefined,{month:'short',day:'numeric',hour:'2-digit',minute:'2-digit',timeZoneName:'short'});
document.querySelectorAll('time[datetime*="T"]').forEach(function(t){var d=new Date(t.getAttribute('datetime'));if(isNaN(d.getTime()))return;t.title=t.textContent;t.textContent=f.format(d);});
var z=document.getElementById('tz');if(z)z.textContent='Times are in your time zone ('+Intl.DateTimeFormat().resolvedOptions().timeZone+'); hover a time for UTC.';})();`.replace(
  /\n/g,
  '',
);

export const SCRIPT_HASH = `sha256-${createHash('sha256').update(SCRIPT).digest('base64')}`;

export const CONTENT_SECURITY_POLICY = `default-src 'none'; style-src '${STYLE_HASH}'; script-src '${SCRIPT_HASH}'; img-src data:; base-uri 'none'; form-action 'self'`;

const ICONS: Record<OverallStatus, string> = {
  operational:
    '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><circle cx="12" cy="12" r="11" fill="#fff" fill-opacity=".2"/><path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/></svg>',
  'partial-outage':
    '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><circle cx="12" cy="12" r="11" fill="#fff" fill-opacity=".2"/><path d="M12 6.5v7" stroke="#fff" stroke-width="2.4" stroke-linecap="round"/><circle cx="12" cy="17.2" r="1.4" fill="#fff"/></svg>',
  'major-outage':
    '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><circle cx="12" cy="12" r="11" fill="#fff" fill-opacity=".2"/><path d="M8.5 8.5l7 7M15.5 8.5l-7 7" stroke="#fff" stroke-width="2.4" stroke-linecap="round"/></svg>',
};

const FEED_ICON =
  '<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><circle cx="3" cy="13" r="2" fill="currentColor"/><path d="M1.5 7.5a7 7 0 0 1 7 7M1.5 2.5a12 12 0 0 1 12 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';

const DOT = '<svg viewBox="0 0 8 8" aria-hidden="true" focusable="false"><circle cx="4" cy="4" r="4" fill="currentColor"/></svg>';

const FAVICON_COLOUR: Record<OverallStatus, string> = { operational: '%23079455', 'partial-outage': '%23dc6803', 'major-outage': '%23d92d20' };

function favicon(status: OverallStatus): string {
  return `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Ccircle cx='8' cy='8' r='7' fill='${FAVICON_COLOUR[status]}'/%3E%3C/svg%3E`;
}

export function renderHtml(view: PublicStatusPage, options: RenderOptions = { emailForm: false }): string {
  const base = `/status/${view.slug}`;
  const title = escape(view.title);
  const describe = `${OVERALL_TEXT[view.status]}. Current status, 90-day uptime and incident history of ${view.title}.`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="${escape(describe)}">
<meta name="color-scheme" content="light dark">
<link rel="canonical" href="${escape(view.url)}">
<link rel="icon" href="${favicon(view.status)}">
<link rel="alternate" type="application/atom+xml" title="${title}: incidents" href="${base}/feed.atom">
<link rel="alternate" type="application/json" title="${title}: status summary" href="${base}.json">
<style>${CSS}</style>
</head>
<body>
<div class="wrap">
<header class="top">
<h1>${title}</h1>
<a class="subscribe" href="#follow">${FEED_ICON}Subscribe to updates</a>
</header>
<main>
${banner(view)}
${view.activeIncidents.length > 0 ? activeIncidents(view.activeIncidents) : ''}
${view.maintenance.length > 0 ? maintenance(view.maintenance) : ''}
${monitors(view.sections)}
${history(view)}
${follow(base, options)}
</main>
<footer>
<p><span id="tz">Times are UTC.</span> <a href="${base}/feed.atom">Atom feed</a> · <a href="${base}.json">JSON</a></p>
<p>Powered by Lookout</p>
</footer>
</div>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

function banner(view: PublicStatusPage): string {
  return `<section class="banner ${view.status}" aria-labelledby="overall">
${ICONS[view.status]}
<div>
<h2 id="overall">${OVERALL_TEXT[view.status]}</h2>
<p>${escape(bannerDetail(view))}</p>
</div>
</section>`;
}

function bannerDetail(view: PublicStatusPage): string {
  const down = view.monitors.filter((m) => m.status === 'down').map((m) => m.name);
  const degraded = view.monitors.filter((m) => m.status === 'degraded').map((m) => m.name);
  const parts: string[] = [];
  if (down.length > 0) parts.push(`Down: ${down.join(', ')}.`);
  if (degraded.length > 0) parts.push(`Degraded: ${degraded.join(', ')}.`);
  const open = view.activeIncidents.length;
  if (open > 0) parts.push(`${open} active incident${open === 1 ? '' : 's'}; details below.`);
  if (parts.length === 0) return view.monitors.length > 0 ? 'Every system is up and running.' : 'No known issues.';
  return parts.join(' ');
}

function activeIncidents(incidents: PublicIncident[]): string {
  return `<section class="active" aria-labelledby="active-h">
<h2 id="active-h">Active incidents</h2>
${incidents.map((i) => activeIncident(i)).join('\n')}
</section>`;
}

function activeIncident(incident: PublicIncident): string {
  const affects = incident.affects.length > 0 ? `<span>Affects ${escape(incident.affects.join(', '))}</span>` : '';
  return `<article class="card incident ${incident.severity}" id="incident-${incident.id}" aria-labelledby="incident-${incident.id}-h">
<h3 id="incident-${incident.id}-h">${escape(incident.title)}</h3>
<p class="meta"><span class="pill ${incident.status}">${DOT}${INCIDENT_STATUS_TEXT[incident.status]}</span><span>${SEVERITY_TEXT[incident.severity]} impact</span>${affects}<span>Since <time datetime="${incident.createdAt}">${dateTime(incident.createdAt)}</time></span></p>
${timeline(incident)}
</article>`;
}

function maintenance(list: PublicMaintenance[]): string {
  const items = list.map(
    (m) =>
      `<article class="card incident maintenance"><h3>${escape(m.title)}</h3><p class="meta"><span class="pill ${m.active ? 'maintenance' : 'scheduled'}">${DOT}${m.active ? 'In progress' : 'Scheduled'}</span><span>Affects ${escape(m.affects.join(', '))}</span><span><time datetime="${m.startsAt}">${dateTime(m.startsAt)}</time> – <time datetime="${m.endsAt}">${dateTime(m.endsAt)}</time></span></p></article>`,
  );
  return `<section class="active" aria-labelledby="maintenance-h">
<h2 id="maintenance-h">Maintenance</h2>
${items.join('\n')}
</section>`;
}

function timeline(incident: PublicIncident): string {
  if (incident.updates.length === 0) return '';
  const items = incident.updates.map(
    (u) =>
      `<li><p><strong>${u.status ? INCIDENT_STATUS_TEXT[u.status] : 'Update'}</strong> · ${escape(u.message)}</p><p class="when"><time datetime="${u.createdAt}">${dateTime(u.createdAt)}</time></p></li>`,
  );
  return `<ol class="timeline" aria-label="Updates, newest first">\n${items.join('\n')}\n</ol>`;
}

function monitors(sections: PublicSection[]): string {
  const grouped = sections.some((s) => s.name !== null);
  const list = (monitors: PublicMonitor[], level: 3 | 4) => `<ul class="monitors">\n${monitors.map((m) => monitor(m, level)).join('\n')}\n</ul>`;
  let body: string;
  if (sections.length === 0) body = '<div class="card"><p class="empty">No systems are listed on this page.</p></div>';
  else if (!grouped) body = `<div class="card">${list(sections[0]!.monitors, 3)}</div>`;
  else {
    // Groups in order, then the monitors in no group under a heading of their own.
    body = sections
      .map(
        (s, i) =>
          `<h3 class="group" id="group-${i}">${s.name === null ? 'Other systems' : escape(s.name)}</h3>\n<div class="card" role="group" aria-labelledby="group-${i}">${list(s.monitors, 4)}</div>`,
      )
      .join('\n');
  }
  return `<section aria-labelledby="systems-h">
<div class="section-head"><h2 id="systems-h">Systems</h2><p>Uptime over the past <span class="p90">90</span><span class="p30">${PHONE_DAYS}</span> days</p></div>
${body}
${sections.length > 0 ? KEY : ''}
</section>`;
}

/** Staying told: the email form (when mail can be sent), the feed and the JSON. */
function follow(base: string, options: RenderOptions): string {
  const form = options.emailForm
    ? `<p>Get an email when an incident is opened, updated or resolved, and when maintenance is scheduled, starts or ends. You confirm first; every email has an unsubscribe link.</p>
<form method="post" action="${base}/subscribe">
<label for="follow-email">Email address</label>
<input id="follow-email" name="email" type="email" required maxlength="320" autocomplete="email" placeholder="you@example.com">
<button type="submit">Subscribe</button>
</form>
<p class="other">Or follow the <a href="${base}/feed.atom">Atom feed</a>.</p>`
    : `<p>Follow incidents and maintenance in a feed reader: <a href="${base}/feed.atom">Atom feed</a>.</p>`;
  return `<section aria-labelledby="follow-h" id="follow">
<h2 id="follow-h">Subscribe to updates</h2>
<div class="card follow">
${form}
</div>
</section>`;
}

const KEY = `<ul class="key" aria-label="Bar colours">
<li><i aria-hidden="true"></i>${UPTIME_GOOD}% or more</li>
<li><i class="w" aria-hidden="true"></i>${UPTIME_WARN}% to ${UPTIME_GOOD}%</li>
<li><i class="x" aria-hidden="true"></i>Below ${UPTIME_WARN}%</li>
<li><i class="n" aria-hidden="true"></i>No data</li>
<li><i class="m" aria-hidden="true"></i>Maintenance</li>
</ul>`;

function monitor(m: PublicMonitor, level: 3 | 4): string {
  const target = m.target ? `<span class="target">${escape(m.target)}</span>` : '';
  const summary90 = m.uptime90d === null ? 'No data' : `${formatUptime(m.uptime90d)} uptime`;
  const summary30 = m.uptime30d === null ? 'No data' : `${formatUptime(m.uptime30d)} uptime`;
  const label = `${m.name}: ${m.uptime90d === null ? 'no data' : `${formatUptime(m.uptime90d)} uptime`} over the past 90 days`;
  return `<li class="monitor">
<div class="monitor-head"><h${level}>${escape(m.name)}${target}</h${level}><span class="pill ${m.status}">${DOT}${MONITOR_TEXT[m.status]}</span></div>
<div class="bar" role="img" aria-label="${escape(label)}">${m.days.map(dayCell).join('')}</div>
<div class="legend" aria-hidden="true"><span class="p90">90 days ago</span><span class="p30">${PHONE_DAYS} days ago</span><span class="rule"></span><span class="figure"><span class="p90">${summary90}</span><span class="p30">${summary30}</span></span><span class="rule"></span><span>Today</span></div>
</li>`;
}

const DAY_CLASS = { good: '', warn: ' class="w"', bad: ' class="x"' } as const;

function dayCell(day: UptimeDay): string {
  if (day.maintenance && (day.uptime === null || day.uptime === 100)) return `<span class="m" title="${day.date}: maintenance"></span>`;
  if (day.uptime === null) return `<span class="n" title="${day.date}: no data"></span>`;
  const kind = DAY_CLASS[uptimeLevel(day.uptime)];
  return `<span${kind} title="${day.date}: ${formatUptime(day.uptime)} uptime"></span>`;
}

function history(view: PublicStatusPage): string {
  const byDay = new Map<string, PublicIncident[]>();
  for (const incident of view.recentIncidents) {
    const day = incident.createdAt.slice(0, 10);
    byDay.set(day, [...(byDay.get(day) ?? []), incident]);
  }
  // Incidents that started before the window but ended within it keep their own start date.
  const days = [
    ...view.historyDays,
    ...[...byDay.keys()]
      .filter((d) => !view.historyDays.includes(d))
      .sort()
      .reverse(),
  ];
  const sections = days.map((day) => {
    const incidents = byDay.get(day) ?? [];
    const body = incidents.length === 0 ? '<p class="none">No incidents reported.</p>' : incidents.map(pastIncident).join('\n');
    return `<div class="day${incidents.length === 0 ? ' quiet' : ''}"><h3><time datetime="${day}">${longDate(day)}</time></h3>\n${body}</div>`;
  });
  return `<section class="history" aria-labelledby="history-h">
<h2 id="history-h">Past incidents</h2>
<div class="card">
${sections.join('\n')}
</div>
</section>`;
}

function pastIncident(incident: PublicIncident): string {
  const affects = incident.affects.length > 0 ? `<span>Affected ${escape(incident.affects.join(', '))}</span>` : '';
  const lasted = incident.resolvedAt ? `<span>Resolved after ${duration(incident.createdAt, incident.resolvedAt)}</span>` : '';
  return `<article class="past" id="incident-${incident.id}" aria-labelledby="incident-${incident.id}-h">
<h4 id="incident-${incident.id}-h">${escape(incident.title)}</h4>
<p class="meta"><span class="pill ${incident.severity}">${SEVERITY_TEXT[incident.severity]}</span>${lasted}${affects}</p>
${timeline(incident)}
</article>`;
}
