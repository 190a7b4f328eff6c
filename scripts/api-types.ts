/**
 * Writes the dashboard's API types (web/src/api/schema.d.ts) from the OpenAPI document the server
 * serves: `npm run generate:api`.
 *
 * The document is read the way any client reads it, from GET /api/v1/openapi.json of a real server
 * started in this process over a throwaway SQLite file, so the types follow whatever the server
 * answers, however its routes are declared.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

export const SCHEMA_FILE = new URL('../web/src/api/schema.d.ts', import.meta.url).pathname;

const HEADER = `/* eslint-disable */
/**
 * Generated from the server's OpenAPI document by scripts/api-types.ts: do not edit.
 * After changing an endpoint, run \`npm run generate:api\`.
 */

`;

/** The OpenAPI document as GET /api/v1/openapi.json answers it on a fresh server. */
export async function fetchOpenApiDocument(): Promise<OpenAPI3> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lookout-openapi-'));
  try {
    const app = await createApp({
      config: loadConfig({
        // A fixed public URL: the document names it, and the output must not depend on the machine.
        PUBLIC_URL: 'http://localhost:3000',
        DATABASE_URL: `file:${join(dataDir, 'lookout.db')}`,
        LOOKOUT_BOOTSTRAP: 'false',
        LOOKOUT_REGIONS: 'none',
        LOG_LEVEL: 'silent',
      }),
    });
    try {
      const answer = await app.http.inject({ method: 'GET', url: '/api/v1/openapi.json' });
      if (answer.statusCode !== 200) throw new Error(`GET /api/v1/openapi.json answered ${answer.statusCode}: ${answer.body}`);
      return answer.json<OpenAPI3>();
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The text of web/src/api/schema.d.ts for the server as it is now. */
export async function generateApiTypes(): Promise<string> {
  const ast = await openapiTS(await fetchOpenApiDocument(), { silent: true });
  return HEADER + astToString(ast);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(SCHEMA_FILE, await generateApiTypes());
  console.log(`wrote ${SCHEMA_FILE}`);
}
