import { TEMPLATE_VARIABLES, type TemplateVariable } from '../../shared/vocabulary.js';
import type { ProviderMessage } from './provider-message.js';
import type { Alert } from './wording.js';

/*
 * The body of a `custom` channel: text in which `{{name}}` stands for one of six values of the
 * event. This is a plain substitution over that fixed list, not a templating library: the
 * libraries that would do (Mustache, Handlebars and their kin) bring sections, partials, helpers or
 * templates compiled to JavaScript from what a user typed, and escape for HTML only; all a receiver
 * needs here is a value put in place, escaped for the content type the channel sends (a JSON
 * string, a form field, XML text), and a name that is not on the list refused when the channel is
 * saved rather than sent as it is. A monitor's name is chosen by any Member: escaping is what keeps
 * `&to=+1900…` in a name from becoming a second field of a form-encoded request.
 */

/** The content types a template may be sent as, each escaped its own way. */
export type TemplateKind = 'json' | 'form' | 'xml' | 'text';

/** The Content-Type values a custom channel may send, as said in messages. */
export const TEMPLATE_CONTENT_TYPES = 'application/json (or another +json type), application/x-www-form-urlencoded, application/xml, text/xml or text/plain';

/** How a body sent with this Content-Type header (absent: JSON) is escaped; null for a type Lookout cannot escape for. */
export function templateKindOf(contentType: string | undefined): TemplateKind | null {
  if (contentType === undefined) return 'json';
  const media = contentType.split(';')[0]!.trim().toLowerCase();
  if (media === 'application/json' || /^application\/[\w.-]+\+json$/.test(media)) return 'json';
  if (media === 'application/x-www-form-urlencoded') return 'form';
  if (media === 'application/xml' || media === 'text/xml') return 'xml';
  if (media === 'text/plain') return 'text';
  return null;
}

/** The Content-Type a channel's own headers give (case-insensitive name), if any. */
export function contentTypeOf(headers: ReadonlyArray<{ name: string; value: string }>): string | undefined {
  return headers.find((h) => h.name.toLowerCase() === 'content-type')?.value;
}

// Control characters (C0, DEL, C1) mean nothing in a name or a status and break some receivers.
const CONTROL = /\p{Cc}/gu;
// What XML 1.0 does not allow in text besides the control characters: lone surrogates and U+FFFE, U+FFFF.
const NOT_XML = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[\uFFFE\uFFFF]/g;
const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** A value as it goes into a body of this kind: control characters removed, then escaped. */
export function escapeForKind(value: string, kind: TemplateKind): string {
  const clean = value.replace(CONTROL, '');
  switch (kind) {
    case 'json':
      return JSON.stringify(clean).slice(1, -1);
    case 'form':
      // application/x-www-form-urlencoded as browsers write it: `&`, `=`, `+` and the rest encoded, space as `+`.
      return new URLSearchParams([['', clean]]).toString().slice(1);
    case 'xml':
      return clean.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);
    case 'text':
      return clean;
  }
}

/** `{{`, a name (white space around it allowed), `}}`. Braces inside are not a variable. */
const VARIABLE = /\{\{([^{}]*)\}\}/g;

export const TEMPLATE_BODY_LENGTH = 8192;

export type TemplateValues = Record<TemplateVariable, string | null>;

const isVariable = (name: string): name is TemplateVariable => (TEMPLATE_VARIABLES as readonly string[]).includes(name);

/** Why a body cannot be a template (a variable not on the list), or null. */
export function templateProblem(body: string): string | null {
  for (const match of body.matchAll(VARIABLE)) {
    const name = match[1]!.trim();
    if (!isVariable(name)) {
      return `uses the unknown variable ${JSON.stringify(match[0])}; the variables are ${TEMPLATE_VARIABLES.map((v) => `{{${v}}}`).join(', ')}`;
    }
  }
  return null;
}

/**
 * The body with every variable replaced by its value escaped for `kind` (for JSON, as the inside
 * of a string whose quotes are the template's), so that no value can end the string, field or
 * element it is placed in. A value that is absent (no incident, a test's status) becomes empty
 * text. The body must have passed `templateProblem`.
 */
export function renderTemplate(body: string, values: TemplateValues, kind: TemplateKind = 'json'): string {
  return body.replace(VARIABLE, (_whole, name: string) => escapeForKind(values[name.trim() as TemplateVariable] ?? '', kind));
}

/** Values of the right shape for judging, when a channel is saved, what its body will look like. */
export const SAMPLE_VALUES: TemplateValues = {
  'monitor.name': 'Checkout API',
  status: 'down',
  previousStatus: 'up',
  'incident.id': '00000000-0000-7000-8000-000000000000',
  event: 'monitor.down',
  occurredAt: '2026-01-01T00:00:00.000Z',
};

/** A `custom` channel's body for one alert, escaped for its Content-Type; its URL, method and headers are the channel's own. */
export function customMessage(alert: Alert, channel: { body: string; headers: ReadonlyArray<{ name: string; value: string }> }): ProviderMessage {
  // A channel saved before the type was judged may name another one: escaped for JSON, as it was then.
  const kind = templateKindOf(contentTypeOf(channel.headers)) ?? 'json';
  return {
    body: renderTemplate(
      channel.body,
      {
        'monitor.name': alert.monitor?.name ?? null,
        status: alert.status,
        previousStatus: alert.previousStatus,
        'incident.id': alert.incidentId,
        event: alert.event,
        occurredAt: alert.occurredAt,
      },
      kind,
    ),
  };
}
