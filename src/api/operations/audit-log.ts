import { AuditLogPage, AuditLogQuery, type AuditLogService } from '../../domain/audit/log.js';
import { ADMINS } from '../../domain/roles.js';
import type { Operation } from '../operation.js';

/** The team's audit log; the rules are in AuditLogService, the writing in AuditTrail. */
export function auditLogOperations({ auditLog }: { auditLog: AuditLogService }): Operation[] {
  return [
    {
      method: 'GET',
      path: '/api/v1/audit-log',
      operationId: 'listAuditLog',
      tag: 'Teams',
      summary: 'Who changed what in the team: every change made through REST, MCP, the dashboard or the CLI, newest first.',
      description:
        'One entry per change (each write operation, sign-ins and failed sign-ins, tokens made and revoked, role changes, key rotation), ' +
        'written in the same transaction as the change: the actor (`user` for the dashboard, `token` for REST and MCP, `cli` for the operator), ' +
        'the surface, the action (the operation id, or `cli.<command>`), the target and the names of the fields sent — never their values. ' +
        'Filter by `action`, `actorId`, `targetId`, `since` (inclusive) and `until` (exclusive); page with `limit` and the answer’s `nextCursor`. ' +
        'Entries are kept 400 days and cannot be changed or deleted.',
      roles: ADMINS,
      query: AuditLogQuery,
      success: { status: 200, description: 'One page of entries, newest first.', schema: AuditLogPage },
      problems: ['forbidden', 'validation'],
      mcp: {
        name: 'list_audit_log',
        title: 'Read the audit log',
        description:
          'Lists who changed what in the team, newest first: actor, surface (rest, mcp, dashboard, cli), action (an operation id such as ' +
          'updateMonitor, or cli.<command>), target and the names of the fields changed. Filter with action, actorId, targetId, since and until ' +
          '(ISO times; since inclusive, until exclusive); pass nextCursor as cursor for the next page.',
        queryArguments: true,
      },
      handler: ({ actor, query }) => auditLog.list(actor, query),
    },
  ];
}
