/** The document of `lookout apply` on its own: the rules between its parts, its paths, and the example of docs/as-code.md. */
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfigDocument } from '../../src/domain/as-code/document.js';
import { loadDocument } from '../../src/cli/as-code/load.js';

const heartbeat = (key: string, extra: Record<string, unknown> = {}) => ({ key, type: 'heartbeat', name: key, periodSeconds: 3600, ...extra });

describe('the configuration document', () => {
  it('names schema errors by their path with dots and brackets', () => {
    const result = parseConfigDocument({ monitors: [heartbeat('a'), heartbeat('b', { periodSeconds: 5 })], extra: 1 });
    expect(result.errors).toEqual(
      expect.arrayContaining([
        { path: 'monitors[1].periodSeconds', message: 'must be at least 60' },
        { path: 'extra', message: 'is not allowed' },
      ]),
    );
  });

  it('refuses a key used twice, an escalation loop, and (given what the team holds) a key nothing holds', () => {
    const policy = (key: string, escalationPolicy: string | null) => ({
      key,
      name: key,
      channels: [{ type: 'email', to: ['ops@example.com'] }],
      escalateAfterSeconds: escalationPolicy ? 600 : null,
      escalationPolicy,
    });
    const document = {
      monitors: [heartbeat('a'), heartbeat('a'), heartbeat('c', { notificationPolicy: 'nobody' })],
      notificationPolicies: [policy('p', 'q'), policy('q', 'p')],
      statusPage: { slug: 'page', title: 'Page', monitors: ['a', 'held-by-team', 'missing'] },
    };
    expect(parseConfigDocument(document).errors).toEqual([
      { path: 'monitors[1].key', message: 'must be unique: monitors[0] has the key a too' },
      { path: 'notificationPolicies[0].escalationPolicy', message: 'must not lead back to this policy through escalations' },
      { path: 'notificationPolicies[1].escalationPolicy', message: 'must not lead back to this policy through escalations' },
    ]);
    const withoutLoops = {
      ...document,
      monitors: [heartbeat('a'), heartbeat('c', { notificationPolicy: 'nobody' })],
      notificationPolicies: [policy('p', 'q'), policy('q', null)],
    };
    expect(parseConfigDocument(withoutLoops, { monitors: new Set(['held-by-team']), policies: new Set() }).errors).toEqual([
      { path: 'monitors[1].notificationPolicy', message: 'names no notification policy of the document or of your team' },
      { path: 'statusPage.monitors[2]', message: 'names no monitor of the document or of your team' },
    ]);
  });

  it('the complete example of docs/as-code.md is a valid document', () => {
    const markdown = readFileSync(new URL('../../docs/as-code.md', import.meta.url), 'utf8');
    const example = /```yaml\n(# yaml-language-server[\s\S]*?)```/.exec(markdown)![1]!;
    const dir = mkdtempSync(join(tmpdir(), 'lookout-doc-'));
    try {
      writeFileSync(join(dir, 'lookout.yaml'), example);
      const env = { API_HEALTH_TOKEN: 'token-value', PAGERDUTY_ROUTING_KEY: 'a'.repeat(32), SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T/B/x' };
      const loaded = loadDocument(join(dir, 'lookout.yaml'), env);
      expect(loaded.ok && loaded.loaded.document !== null, JSON.stringify(loaded)).toBe(true);
      const parsed = parseConfigDocument(loaded.ok ? loaded.loaded.document : null, { monitors: new Set(), policies: new Set() });
      expect(parsed.errors).toEqual([]);
      expect(parsed.document!.monitors.map((m) => m.type)).toEqual(['http', 'ssl', 'tcp', 'dns', 'heartbeat']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
