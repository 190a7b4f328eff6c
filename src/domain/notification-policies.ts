import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { isUuid } from './ids.js';

export const POLICY_NOT_IN_TEAM = 'must name a notification policy of your team';

/**
 * Notification (alert) policies. For now only what monitors need: whether an id names a
 * policy of the team. The REST API for policies comes with alerting.
 */
export class NotificationPolicyService {
  constructor(private readonly db: Kysely<Database>) {}

  /** True when `policyId` is a policy of the team; a policy of another team is simply not found. */
  async existsInTeam(teamId: string, policyId: string): Promise<boolean> {
    if (!isUuid(policyId)) return false;
    const row = await this.db
      .selectFrom('notification_policies')
      .select('id')
      .where('id', '=', policyId.toLowerCase())
      .where('team_id', '=', teamId)
      .executeTakeFirst();
    return row !== undefined;
  }
}
