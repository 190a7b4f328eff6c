import { ADMINS, ANY_ROLE } from '../../domain/roles.js';
import type { StatusPageService } from '../../domain/status-pages.js';
import { StatusPageInput, StatusPageRecord } from '../../domain/status-pages.js';
import type { Operation } from '../operation.js';

const TAG = 'Status page';
const PATH = '/api/v1/status-pages/current';

/** Thin adapters: every rule (roles, slug, the team's monitors) is in StatusPageService. */
export function statusPageOperations({ statusPages: pages }: { statusPages: StatusPageService }): Operation[] {
  return [
    {
      method: 'GET',
      path: PATH,
      operationId: 'getStatusPage',
      tag: TAG,
      summary: "The team's public status page.",
      roles: ANY_ROLE,
      description: 'A team has at most one page; without one the answer is 404 not-found.',
      success: { status: 200, description: 'The page.', schema: StatusPageRecord },
      problems: ['not-found'],
      mcp: {
        name: 'get_status_page',
        title: 'Get the status page',
        description:
          "Your team's public status page (at most one per team): slug, title, public `url` and the monitors it shows. Not found when the team has none.",
      },
      handler: ({ actor }) => pages.current(actor),
    },
    {
      method: 'PUT',
      path: PATH,
      operationId: 'putStatusPage',
      tag: TAG,
      summary: "Create or replace the team's public status page.",
      roles: ADMINS,
      description:
        'Creates the page or replaces it whole (`showTargets` left out is false again) and answers 200 with the record either way. ' +
        "A slug another team uses is 400 (`slug: is already taken`); a monitor id that is not one of your team's monitors is 400. " +
        'The page is public at `{base_url}/status/<slug>` (HTML), `/status/<slug>.json` and `/status/<slug>/feed.atom`.',
      body: StatusPageInput,
      success: { status: 200, description: 'The page as stored.', schema: StatusPageRecord },
      problems: ['validation', 'forbidden'],
      handler: ({ actor, body }) => pages.put(actor, body),
    },
    {
      method: 'DELETE',
      path: PATH,
      operationId: 'deleteStatusPage',
      tag: TAG,
      summary: "Remove the team's public status page.",
      roles: ADMINS,
      description: 'The public page, its JSON summary and its feed are gone at once (404).',
      success: { status: 204, description: 'Removed; no body.' },
      problems: ['forbidden', 'not-found', 'validation'],
      handler: ({ actor, body }) => pages.remove(actor, body),
    },
  ];
}
