import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../store/schema.js';
import { newId } from '../ids.js';
import { channelTarget, parseStoredChannels } from './channels.js';
import { renderPayload } from './messages.js';
import type { Alert } from './wording.js';

/**
 * Puts one delivery per channel of the policy into the outbox, inside the caller's
 * transaction. The (event, policy, channel) triple is unique: a policy sees an event once.
 * `lease` hands the rows straight to the caller's dispatcher (the policy test) instead of
 * waiting for the background one. `acknowledgeUrl` makes each delivery's own acknowledge link
 * (so that an acknowledgement says which alert it came through). A channel with nothing to send for the event gets no row.
 * Returns how many channels get a delivery.
 */
export async function enqueueDeliveries(
  trx: Transaction<Database> | Kysely<Database>,
  target: { teamId: string; policyId: string; channels: string; monitorId: string | null },
  alert: Alert,
  options: { publicUrl: string; now: number; lease?: { token: string; until: number }; acknowledgeUrl?: (deliveryId: string) => string },
): Promise<number> {
  const channels = parseStoredChannels(target.channels);
  let enqueued = 0;
  for (const [index, channel] of channels.entries()) {
    const id = newId(options.now);
    const payload = renderPayload(channel, options.acknowledgeUrl ? { ...alert, acknowledgeUrl: options.acknowledgeUrl(id) } : alert, options.publicUrl);
    if (payload === null) continue;
    enqueued++;
    await trx
      .insertInto('deliveries')
      .values({
        id,
        team_id: target.teamId,
        policy_id: target.policyId,
        event_id: alert.id,
        event: alert.event,
        monitor_id: target.monitorId,
        incident_id: alert.incidentId,
        channel_index: index,
        channel: JSON.stringify(channelTarget(channel)),
        payload,
        status: 'pending',
        attempts: 0,
        next_attempt_at: options.now,
        lease_until: options.lease?.until ?? null,
        lease_token: options.lease?.token ?? null,
        last_error: null,
        created_at: options.now,
        updated_at: options.now,
        delivered_at: null,
      })
      .onConflict((oc) => oc.columns(['event_id', 'policy_id', 'channel_index']).doNothing())
      .execute();
  }
  return enqueued;
}
