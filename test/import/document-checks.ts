import { expect } from 'vitest';
import { CreatePolicyInput } from '../../src/domain/alerts/policies.js';
import { MonitorCreate } from '../../src/domain/monitor-schemas.js';
import type { ImportResult } from '../../src/import/index.js';

/**
 * What every imported document must be, whatever its source: each monitor exactly a create body
 * of POST /api/v1/monitors (plus `key` and the policy's key), each policy one of POST
 * /api/v1/notification-policies (plus `key`), keys unique, and every policy a monitor names present.
 */
export function expectApplicable(result: ImportResult): void {
  const { monitors, notificationPolicies } = result.document;
  for (const { key, notificationPolicy: _policy, ...body } of monitors) {
    const parsed = MonitorCreate.safeParse(body);
    expect(parsed.success ? null : { key, issues: parsed.error.issues }).toBeNull();
    expect(key).toMatch(/^[a-z0-9\-_.]{1,100}$/);
  }
  for (const { key, ...body } of notificationPolicies) {
    const parsed = CreatePolicyInput.safeParse(body);
    expect(parsed.success ? null : { key, issues: parsed.error.issues }).toBeNull();
    expect(key).toMatch(/^[a-z0-9\-_.]{1,100}$/);
  }
  const keys = monitors.map((monitor) => monitor.key);
  expect(new Set(keys).size).toBe(keys.length);
  const policyKeys = new Set(notificationPolicies.map((policy) => policy.key));
  expect(policyKeys.size).toBe(notificationPolicies.length);
  for (const monitor of monitors) if (monitor.notificationPolicy !== undefined) expect(policyKeys).toContain(monitor.notificationPolicy);
}
