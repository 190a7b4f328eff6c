import { TEMPLATE_VARIABLES, type TemplateVariable } from '../../shared/vocabulary.js';
import type { ProviderMessage } from './provider-message.js';
import type { Alert } from './wording.js';

/*
 * The body of a `custom` channel: text in which `{{name}}` stands for one of six values of the
 * event. This is a plain substitution over that fixed list, not a templating library: the
 * libraries that would do (Mustache, Handlebars and their kin) bring sections, partials, helpers or
 * templates compiled to JavaScript from what a user typed, and escape for HTML, not JSON; all a
 * receiver needs here is a value put in place, escaped for a JSON string, and a name that is not
 * on the list refused when the channel is saved rather than sent as it is.
 */

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
 * The body with every variable replaced by its value escaped as the inside of a JSON string
 * (quotes, backslashes and control characters; the quotes around it are the template's), so that
 * no value can end the string it is placed in. A value that is absent (no incident, a test's
 * status) becomes empty text. The body must have passed `templateProblem`.
 */
export function renderTemplate(body: string, values: TemplateValues): string {
  return body.replace(VARIABLE, (_whole, name: string) => {
    const value = values[name.trim() as TemplateVariable] ?? '';
    return JSON.stringify(value).slice(1, -1);
  });
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

/** A `custom` channel's body for one alert; its URL, method and headers are the channel's own. */
export function customMessage(alert: Alert, template: string): ProviderMessage {
  return {
    body: renderTemplate(template, {
      'monitor.name': alert.monitor?.name ?? null,
      status: alert.status,
      previousStatus: alert.previousStatus,
      'incident.id': alert.incidentId,
      event: alert.event,
      occurredAt: alert.occurredAt,
    }),
  };
}
