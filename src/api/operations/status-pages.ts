import { z } from 'zod';
import { ADMINS, ANY_ROLE } from '../../domain/roles.js';
import type { StatusPageService } from '../../domain/status-pages.js';
import { StatusPageInput, StatusPageRecord } from '../../domain/status-pages.js';
import { SubscriberRecord, type SubscriberService } from '../../domain/status-pages/subscribers.js';
import { listOf, type Operation } from '../operation.js';

const TAG = 'Status page';
const PATH = '/api/v1/status-pages/current';
const SubscriberDeleted = z.object({
  subscriberId: z.string(),
  deleted: z.literal(true).describe('The subscriber is removed: it is told nothing more.'),
});
const SUBSCRIBER_ID = { name: 'subscriberId', description: "The id of a subscriber of your team's status page (see list_status_page_subscribers)." };

/** Thin adapters: every rule (roles, slug, the team's monitors) is in StatusPageService. */
export function statusPageOperations({ statusPages: pages, subscribers }: { statusPages: StatusPageService; subscribers: SubscriberService }): Operation[] {
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
        'Groups list monitors of `monitorIds`, each in one group at most (else 400 on `groups.<g>.monitorIds.<i>`); a `customDomain` another team uses is 400. ' +
        'The page is public at `{base_url}/status/<slug>` (HTML), `/status/<slug>.json`, `/status/<slug>/index.json`, `/status/<slug>/feed.atom` and its badges ' +
        '`/status/<slug>/badge.svg` and `/status/<slug>/badge/<n>.svg?metric=status|uptime&days=1..90`; subscribers survive an edit.',
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
      description: 'The public page, its JSON summary, its feed and its badges are gone at once (404), and its subscribers with it.',
      success: { status: 204, description: 'Removed; no body.' },
      problems: ['forbidden', 'not-found', 'validation'],
      handler: ({ actor, body }) => pages.remove(actor, body),
    },
    {
      method: 'GET',
      path: `${PATH}/subscribers`,
      operationId: 'listStatusPageSubscribers',
      tag: TAG,
      summary: "The status page's subscribers.",
      roles: ADMINS,
      description:
        'Email and webhook subscribers, pending (not yet confirmed: told nothing) and confirmed, oldest first; those who unsubscribed are not listed. ' +
        '404 when the team has no page.',
      success: { status: 200, description: 'The subscribers.', schema: z.object({ data: z.array(SubscriberRecord) }) },
      problems: ['forbidden', 'not-found'],
      mcp: {
        name: 'list_status_page_subscribers',
        title: 'List status page subscribers',
        description:
          "Who is told of your team's status page (Admins and Owners): email addresses and webhook URLs, each `pending` (not confirmed yet, told nothing) or `confirmed`. " +
          'Subscribers are told of the incidents and maintenance the page shows.',
      },
      handler: async ({ actor }) => listOf(await subscribers.list(actor)),
    },
    {
      method: 'DELETE',
      path: `${PATH}/subscribers/{id}`,
      operationId: 'deleteStatusPageSubscriber',
      tag: TAG,
      summary: 'Remove a subscriber.',
      roles: ADMINS,
      description: 'The subscriber is told nothing more, and what was queued for it is dropped. They may subscribe again.',
      success: { status: 204, description: 'Removed; no body.' },
      problems: ['forbidden', 'not-found'],
      mcp: {
        name: 'delete_status_page_subscriber',
        title: 'Remove a status page subscriber',
        description: 'Removes a subscriber of your status page (Admins and Owners): it is told nothing more and may subscribe again on the page.',
        id: SUBSCRIBER_ID,
        answer: { schema: SubscriberDeleted, of: (id) => ({ subscriberId: id.toLowerCase(), deleted: true }) },
        hints: { destructive: true, idempotent: true },
      },
      handler: ({ actor, params }) => subscribers.remove(actor, params.id!),
    },
  ];
}
