import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AcknowledgeLinks, LinkCheck } from '../domain/alerts/acknowledge-links.js';
import type { IncidentLinkView, IncidentService } from '../domain/incidents.js';
import type { Clock } from '../domain/ports/clock.js';
import { escape } from './status-pages/format.js';

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2328}' +
  'h1{font-size:1.4rem}p{line-height:1.5}button{font:inherit;padding:.6rem 1.2rem;border-radius:6px;border:0;background:#1f6feb;color:#fff;cursor:pointer}';
const STYLE_HASH = `sha256-${createHash('sha256').update(STYLE).digest('base64')}`;
/** The page's only form posts to itself; nothing else loads or runs. */
const CONTENT_SECURITY_POLICY = `default-src 'none'; style-src '${STYLE_HASH}'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;

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
        return page(reply, 200, view.title, stateOf(view), view.resolved || view.acknowledgedAt !== null ? undefined : request.url);
      });

      scope.post('/ack/:id', async (request, reply) => {
        const { id, link } = checked(request);
        if (link.status !== 'valid') return refused(reply, link);
        const view = await incidents.acknowledgeByLink(id, link.deliveryId);
        if (!view) return page(reply, 404, 'No such incident', 'The incident this link was made for no longer exists.');
        return page(reply, 200, view.title, stateOf(view));
      });
    });
  };
}

function stateOf(view: IncidentLinkView): string {
  if (view.resolved) return 'This incident is resolved: there is nothing left to acknowledge.';
  if (view.acknowledgedAt) return `Acknowledged at ${view.acknowledgedAt}: reminders and escalation have stopped.`;
  return 'Acknowledge it to say someone is on it: reminders and escalation stop, and paging services mark the alert acknowledged.';
}

/** The whole page; `action` (this very address) shows the button that acknowledges. */
function page(reply: FastifyReply, status: number, title: string, text: string, action?: string): FastifyReply {
  const button = action ? `<form method="post" action="${escape(action)}"><button type="submit">Acknowledge</button></form>` : '';
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escape(title)} · Lookout</title><style>${STYLE}</style></head>` +
    `<body><h1>${escape(title)}</h1><p>${escape(text)}</p>${button}</body></html>`;
  return reply
    .status(status)
    .header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .header('X-Content-Type-Options', 'nosniff')
    .type('text/html; charset=utf-8')
    .send(html);
}
