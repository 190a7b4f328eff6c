import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCHEMA_FILE, generateApiTypes } from '../../scripts/api-types.js';

describe('the dashboard API types (web/src/api/schema.d.ts)', () => {
  it('are what the OpenAPI document the server serves generates', async () => {
    const committed = readFileSync(SCHEMA_FILE, 'utf8').split('\n');
    const current = (await generateApiTypes()).split('\n');
    const line = current.findIndex((text, i) => text !== committed[i]);
    const stale = line === -1 && current.length === committed.length ? null : line === -1 ? committed.length : line;
    // One message that says what to do, rather than a diff of thousands of generated lines.
    expect(
      stale,
      stale === null
        ? ''
        : `web/src/api/schema.d.ts is stale (first difference at line ${stale + 1}: ${JSON.stringify(current[stale] ?? '')}); ` +
            'it does not match the OpenAPI document the server serves: run npm run generate:api and commit the result',
    ).toBeNull();
  });
});
