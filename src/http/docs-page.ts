/** A readable API reference rendered on the server from the OpenAPI document: no scripts, no CDN. */

import { escapeHtml } from '../shared/html.js';

/** The parts of the OpenAPI document the page shows. */
interface Document {
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
}

interface Operation {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  requestBody?: { content?: Record<string, Content | undefined> };
  responses: Record<string, Response>;
}

interface Response {
  $ref?: string;
  description?: string;
  content?: Record<string, Content | undefined>;
}

interface Content {
  schema?: unknown;
}

export function renderDocsPage(openApiDocument: object): string {
  const document = openApiDocument as Document;
  const byTag = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const tag = op.tags?.[0] ?? 'Other';
      const section = byTag.get(tag) ?? [];
      section.push(renderOperation(method, path, op));
      byTag.set(tag, section);
    }
  }
  const toc = [...byTag.keys()].map((tag) => `<li><a href="#${slug(tag)}">${escapeHtml(tag)}</a></li>`).join('');
  const sections = [...byTag].map(([tag, ops]) => `<section id="${slug(tag)}"><h2>${escapeHtml(tag)}</h2>${ops.join('')}</section>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} reference</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1a1d21;background:#f7f8fa}
main{max-width:980px;margin:0 auto;padding:24px}
h1{margin:0 0 4px}h2{margin-top:40px;border-bottom:1px solid #d9dde3}
.op{background:#fff;border:1px solid #d9dde3;border-radius:8px;margin:16px 0;padding:12px 16px}
.op h3{margin:0;font-size:16px;font-family:ui-monospace,monospace}
.m{display:inline-block;min-width:64px;font-weight:700}.GET{color:#0b6bcb}.POST{color:#137333}.PATCH,.PUT{color:#a05a00}.DELETE{color:#b3261e}
pre{background:#f0f2f5;padding:8px;border-radius:6px;overflow:auto;font-size:13px}
details summary{cursor:pointer;color:#3b4250}
table{border-collapse:collapse}td{padding:2px 12px 2px 0;vertical-align:top}
</style></head><body><main>
<h1>${escapeHtml(document.info.title)} <small>${escapeHtml(document.info.version)}</small></h1>
<p>${escapeHtml(document.info.description)}</p>
<p>Machine-readable: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1).</p>
<nav><ul>${toc}</ul></nav>${sections}
</main></body></html>`;
}

function renderOperation(method: string, path: string, op: Operation): string {
  const verb = method.toUpperCase();
  const body = op.requestBody?.content?.['application/json']?.schema;
  const responses = Object.entries(op.responses)
    .map(([status, r]) => {
      const text = r.$ref ? `problem: ${r.$ref.split('/').pop() ?? ''}` : (r.description ?? '');
      return `<tr><td><code>${status}</code></td><td>${escapeHtml(text)}</td></tr>`;
    })
    .join('');
  const success = Object.values(op.responses).find((r) => r.content?.['application/json'])?.content?.['application/json']?.schema;
  return `<div class="op" id="${escapeHtml(op.operationId)}">
<h3><span class="m ${verb}">${verb}</span>${escapeHtml(path)}</h3>
<p>${escapeHtml(op.summary ?? '')}${op.description ? `<br>${escapeHtml(op.description)}` : ''}</p>
${body ? `<details><summary>Request body</summary><pre>${escapeHtml(JSON.stringify(body, null, 2))}</pre></details>` : ''}
${success ? `<details><summary>Response body</summary><pre>${escapeHtml(JSON.stringify(success, null, 2))}</pre></details>` : ''}
<table>${responses}</table></div>`;
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}
