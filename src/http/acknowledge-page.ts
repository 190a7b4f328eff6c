import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AcknowledgeLinks, LinkCheck } from '../domain/alerts/acknowledge-links.js';
import type { IncidentLinkView, IncidentService } from '../domain/incidents.js';
import type { Clock } from '../domain/ports/clock.js';
import { escape } from './status-pages/format.js';

/* The dashboard's colours, light and dark, so that the page a link opens looks like the rest of Lookout. */
const STYLE = [
  ':root{--bg:#f5f6f8;--surface:#fff;--border:#e4e7ec;--text:#101828;--text-2:#475467;--primary:#4f46e5;--primary-text:#fff;--link:#3730a3;',
  '--down:#c01c28;--down-bg:#fdecec;--up:#12805c;--up-bg:#e7f6ef;--focus:#6366f1;color-scheme:light}',
  '@media (prefers-color-scheme:dark){:root{--bg:#0c111d;--surface:#131a2a;--border:#24304a;--text:#f2f4f7;--text-2:#c0c7d4;--primary:#6d6af5;',
  '--link:#c7c9ff;--down:#ff8a80;--down-bg:#3a1518;--up:#4bd69b;--up-bg:#0f2e24;--focus:#a5b4fc;color-scheme:dark}}',
  '*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--text);',
  "font:16px/1.5 ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}",
  'main{max-width:34rem;margin:3rem auto;padding:0 1rem}',
  '.brand{font-weight:700;color:var(--text-2);margin:0 0 1rem;letter-spacing:.01em}',
  '.card{background:var(--surface);border:1px solid var(--border);border-radius:10px;padding:1.5rem}',
  'h1{font-size:1.35rem;line-height:1.3;margin:0 0 .5rem}p{margin:.5rem 0}',
  '.state{display:inline-block;font-size:.8rem;font-weight:600;border-radius:999px;padding:.1rem .6rem}',
  '.open{background:var(--down-bg);color:var(--down)}.done{background:var(--up-bg);color:var(--up)}',
  'dl{display:grid;grid-template-columns:max-content 1fr;gap:.35rem 1rem;margin:1rem 0}dt{color:var(--text-2)}dd{margin:0;overflow-wrap:anywhere}',
  'button{font:inherit;font-weight:600;padding:.6rem 1.2rem;border-radius:7px;border:0;background:var(--primary);color:var(--primary-text);cursor:pointer}',
  'a{color:var(--link)}:focus-visible{outline:3px solid var(--focus);outline-offset:2px}',
  '.actions{display:flex;flex-wrap:wrap;align-items:center;gap:1rem;margin-top:1.25rem}',
].join('');
const STYLE_HASH = `sha256-${createHash('sha256').update(STYLE).digest('base64')}`;
/**
 * Shows each time in the viewer's own zone, with the UTC time the server wrote kept beside it. It
 * runs only where the page has a time; without it the UTC times stand alone.
 */
const SCRIPT =
  "for(const t of document.querySelectorAll('time[datetime]')){const d=new Date(t.dateTime);" +
  "t.title=t.textContent;t.textContent=d.toLocaleString(undefined,{dateStyle:'medium',timeStyle:'short'})+' ('+t.textContent+')'}";
const SCRIPT_HASH = `sha256-${createHash('sha256').update(SCRIPT).digest('base64')}`;
/** The page's only form posts to itself; nothing else loads, and only the script above runs. */
const CONTENT_SECURITY_POLICY = `default-src 'none'; style-src '${STYLE_HASH}'; script-src '${SCRIPT_HASH}'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;

/**
 * `/ack/<incident>?d=<delivery>&e=<expiry>&s=<signature>`, the one-click acknowledgement in alerts. GET only
 * shows the incident and a button (mail scanners and chat previews open links: opening must
 * change nothing); the button POSTs to the same address, which acknowledges. A link that is
 * altered or of another incident is refused (403), an expired one says so (410); no session or token is involved, the
 * signature is the credential, so the page sets no cookie and reads none.
 */
export function acknowledgePage(incidents: Pick<IncidentService, 'linkView' | 'acknowledgeByLink'>, links: AcknowledgeLinks, clock: Clock) {
  return async (app: FastifyInstance): Promise<void> => {
    await app.register(async (scope) => {
      // The button's form arrives as an (empty) urlencoded body: accepted here and ignored.
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, undefined));

      const checked = (request: FastifyRequest): { id: string; link: LinkCheck } => {
        const { id } = request.params as { id: string };
        return { id, link: links.check(id, request.query as Record<string, unknown>, clock.now()) };
      };
      const refused = (reply: FastifyReply, link: Exclude<LinkCheck, { status: 'valid' }>) =>
        link.status === 'expired'
          ? page(
              reply,
              410,
              'This link has expired',
              'Acknowledge links in alerts work for 24 hours. Open the incident in the dashboard to acknowledge it there.',
            )
          : page(reply, 403, 'This link does not acknowledge anything', 'It is not a link Lookout made. Open the incident in the dashboard instead.');

      scope.get('/ack/:id', async (request, reply) => {
        const { id, link } = checked(request);
        if (link.status !== 'valid') return refused(reply, link);
        const view = await incidents.linkView(id);
        if (!view) return page(reply, 404, 'No such incident', 'The incident this link was made for no longer exists.');
        return page(reply, 200, view.title, stateOf(view), {
          view,
          now: clock.now(),
          ...(!view.resolved && view.acknowledgedAt === null && { action: request.url }),
        });
      });

      scope.post('/ack/:id', async (request, reply) => {
        const { id, link } = checked(request);
        if (link.status !== 'valid') return refused(reply, link);
        const view = await incidents.acknowledgeByLink(id, link.deliveryId);
        if (!view) return page(reply, 404, 'No such incident', 'The incident this link was made for no longer exists.');
        return page(reply, 200, view.title, stateOf(view), { view, now: clock.now() });
      });
    });
  };
}

function stateOf(view: IncidentLinkView): string {
  if (view.resolved) return 'This incident is resolved: there is nothing left to acknowledge.';
  if (view.acknowledgedAt) return 'Someone is on it: reminders and escalation have stopped.';
  return 'Acknowledge it to say someone is on it: reminders and escalation stop, and paging services mark the alert acknowledged.';
}

/** "27 Nov 2026, 14:05 UTC" in a `<time>` the page's script shows in the viewer's zone too. */
function time(iso: string): string {
  const text = new Date(iso).toLocaleString('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return `<time datetime="${escape(iso)}">${escape(text)} UTC</time>`;
}

/** "2 h 5 min": how long the incident has been open, or lasted. */
function lasted(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return hours % 24 ? `${Math.floor(hours / 24)} d ${hours % 24} h` : `${hours / 24} d`;
}

/** The incident's context: its monitor, since when, what failed, who is on it. */
function facts(view: IncidentLinkView, now: number): string {
  const rows: Array<[string, string]> = [];
  if (view.monitorName !== null) rows.push(['Monitor', escape(view.monitorName)]);
  rows.push(['Since', time(view.createdAt)]);
  rows.push([view.resolvedAt ? 'Lasted' : 'Open for', lasted((view.resolvedAt ? Date.parse(view.resolvedAt) : now) - Date.parse(view.createdAt))]);
  if (view.cause) {
    const where = view.cause.region ? ` from ${escape(view.cause.region)}` : '';
    rows.push(['Cause', `${view.cause.code ? `<code>${escape(view.cause.code)}</code>` : 'a failed check'}${where}`]);
  }
  if (view.acknowledgedAt) rows.push(['Acknowledged', time(view.acknowledgedAt)]);
  return `<dl>${rows.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('')}</dl>`;
}

/**
 * The whole page. With `view`, the incident's state and context and a link into the dashboard;
 * with `action` (this very address), the button that acknowledges.
 */
function page(
  reply: FastifyReply,
  status: number,
  title: string,
  text: string,
  parts: { view?: IncidentLinkView; now?: number; action?: string } = {},
): FastifyReply {
  const { view, now = 0, action } = parts;
  const button = action ? `<form method="post" action="${escape(action)}"><button type="submit">Acknowledge</button></form>` : '';
  const state = view
    ? `<p><span class="state ${view.resolved ? 'done' : 'open'}">${view.resolved ? 'Resolved' : view.acknowledgedAt ? 'Open · acknowledged' : 'Open · not acknowledged'}</span></p>`
    : '';
  const dashboard = view ? `<a href="/incidents/${encodeURIComponent(view.id)}">Open the incident in Lookout</a>` : '<a href="/incidents">Open Lookout</a>';
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="color-scheme" content="light dark"><meta name="robots" content="noindex"><title>${escape(title)} · Lookout</title>` +
    `<style>${STYLE}</style></head><body><main><p class="brand">Lookout</p><div class="card">` +
    `${state}<h1>${escape(title)}</h1>${view ? facts(view, now) : ''}<p>${escape(text)}</p>` +
    `<div class="actions">${button}${dashboard}</div></div></main>` +
    `${view ? `<script>${SCRIPT}</script>` : ''}</body></html>`;
  return reply
    .status(status)
    .header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .header('X-Content-Type-Options', 'nosniff')
    .type('text/html; charset=utf-8')
    .send(html);
}
