import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Problem, problems } from '../../domain/problem.js';
import { SLUG_PATTERN } from '../../domain/status-pages.js';
import type { SubscriberService } from '../../domain/status-pages/subscribers.js';
import { MalformedBody } from '../../domain/validation.js';
import { sendProblem } from '../problem-reply.js';
import { MESSAGE_PAGE_CSP, messagePage } from './render-message-page.js';

/** A form or JSON body of a subscribe request is a line or two: anything longer is not one. */
const FORM_LIMIT_BYTES = 4096;
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;.*)?$/i;

/**
 * Subscribing without a token, in a scope of its own that also reads HTML forms (the page's own
 * subscribe form works without JavaScript, and mail clients unsubscribe with a one-click form
 * post, RFC 8058):
 * - `POST /status/{slug}/subscribe` (`{"email"}` or `{"webhookUrl"}`, as JSON or a form): 202,
 *   whatever the address's state;
 * - `GET /status/{slug}/confirm/{token}`: the link of the confirmation;
 * - `GET /status/{slug}/unsubscribe/{token}`: a page with the button; `POST` (the button, or a mail
 *   client's one-click request): unsubscribed. A GET alone changes nothing, since mail scanners
 *   open every link of a message.
 */
export function subscriberRoutes(subscribers: Pick<SubscriberService, 'subscribe' | 'confirm' | 'unsubscribe'>, options: { publicUrl: string }) {
  return async (scope: FastifyInstance): Promise<void> => {
    scope.addContentTypeParser(FORM_TYPE, { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES }, (_request, body, done) => {
      const fields: Record<string, string> = {};
      for (const [name, value] of new URLSearchParams(body as string)) {
        // A repeated field is no answer to one question: the schema refuses the list.
        if (name in fields) {
          done(null, new MalformedBody(`the form field ${name} is repeated`, true));
          return;
        }
        fields[name] = value;
      }
      done(null, { form: fields });
    });

    const html = (reply: FastifyReply, status: number, page: string) =>
      reply
        .status(status)
        .header('Content-Security-Policy', MESSAGE_PAGE_CSP)
        .header('Referrer-Policy', 'no-referrer')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page);
    const problem = (request: FastifyRequest, reply: FastifyReply, p: Problem) => sendProblem(reply, request, p, options.publicUrl);
    const pageOf = (slug: string) => ({ text: 'Back to the status page', href: `/status/${slug}` });

    scope.post('/status/:slug/subscribe', { bodyLimit: FORM_LIMIT_BYTES }, async (request, reply) => {
      const { slug } = request.params as { slug: string };
      const body = request.body as { form?: Record<string, string> } | MalformedBody | undefined;
      const fromForm = typeof body === 'object' && !(body instanceof MalformedBody) && 'form' in body && isForm(request);
      try {
        await subscribers.subscribe(SLUG_PATTERN.test(slug) ? slug : '', fromForm ? body.form : body, request.ip);
      } catch (error) {
        if (error instanceof Problem) return problem(request, reply, error);
        throw error;
      }
      if (!fromForm) return reply.status(202).send({ status: 'pending' });
      return html(
        reply,
        202,
        messagePage(
          'Check your inbox',
          ['If this address is not subscribed yet, a message with a confirmation link is on its way. Nothing is sent until the link is opened.'],
          pageOf(slug),
        ),
      );
    });

    scope.get('/status/:slug/confirm/:token', async (request, reply) => {
      const { slug, token } = request.params as { slug: string; token: string };
      const outcome = SLUG_PATTERN.test(slug) ? await subscribers.confirm(slug, token) : 'invalid';
      if (outcome === 'expired') return problem(request, reply, new Problem('not-found', 'This confirmation link has expired: subscribe again for a new one.'));
      if (outcome === 'invalid') return problem(request, reply, problems.notFound('confirmation link'));
      return html(reply, 200, messagePage('Subscribed', ['You will be told of incidents and maintenance shown on this status page.'], pageOf(slug)));
    });

    scope.get('/status/:slug/unsubscribe/:token', async (request, reply) => {
      const { slug, token } = request.params as { slug: string; token: string };
      return html(
        reply,
        200,
        messagePage('Unsubscribe', ['Stop receiving updates from this status page?'], pageOf(slug), {
          action: `/status/${slug}/unsubscribe/${encodeURIComponent(token)}`,
          button: 'Unsubscribe',
        }),
      );
    });

    scope.post('/status/:slug/unsubscribe/:token', { bodyLimit: FORM_LIMIT_BYTES }, async (request, reply) => {
      const { slug, token } = request.params as { slug: string; token: string };
      if (!SLUG_PATTERN.test(slug) || !(await subscribers.unsubscribe(slug, token))) return problem(request, reply, problems.notFound('subscription'));
      return html(reply, 200, messagePage('Unsubscribed', ['You will receive no more updates from this status page.'], pageOf(slug)));
    });
  };
}

function isForm(request: FastifyRequest): boolean {
  return FORM_TYPE.test(request.headers['content-type'] ?? '');
}
