import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

describe('fair-check settings', () => {
  it('default to 32 checks of one team at once, no monitor cap and the system DNS servers', () => {
    const config = loadConfig({});
    expect(config.teamConcurrency).toBe(32);
    expect(config.maxMonitorsPerTeam).toBeNull();
    expect(config.dnsServers).toBeNull();
  });

  it('read LOOKOUT_TEAM_CONCURRENCY, LOOKOUT_MAX_MONITORS_PER_TEAM and LOOKOUT_DNS_SERVERS', () => {
    const config = loadConfig({
      LOOKOUT_TEAM_CONCURRENCY: '8',
      LOOKOUT_MAX_MONITORS_PER_TEAM: '500',
      LOOKOUT_DNS_SERVERS: '10.0.0.2, 127.0.0.1:5353,[::1]:53,::1',
    });
    expect(config.teamConcurrency).toBe(8);
    expect(config.maxMonitorsPerTeam).toBe(500);
    expect(config.dnsServers).toEqual(['10.0.0.2', '127.0.0.1:5353', '[::1]:53', '::1']);
  });

  it('refuse bad values with a message naming the variable', () => {
    for (const [name, value] of [
      ['LOOKOUT_TEAM_CONCURRENCY', '0'],
      ['LOOKOUT_TEAM_CONCURRENCY', 'many'],
      ['LOOKOUT_MAX_MONITORS_PER_TEAM', '-1'],
      ['LOOKOUT_MAX_MONITORS_PER_TEAM', '2.5'],
      ['LOOKOUT_DNS_SERVERS', 'dns.example.com'],
      ['LOOKOUT_DNS_SERVERS', '10.0.0.2:99999'],
      ['LOOKOUT_DNS_SERVERS', ' , '],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(new RegExp(`^Invalid configuration: ${name}: `));
    }
  });
});
