import { createHmac } from 'node:crypto';
import type { ReceivedMail } from '../alerts/receivers.js';

/** A mail as received, its headers unfolded and its parts decoded (quoted-printable or base64), enough to read what a subscriber reads. */
export interface ReadMail {
  headers: Map<string, string>;
  text: string;
  html: string;
}

export function readMail(mail: ReceivedMail): ReadMail {
  const raw = mail.raw.replace(/\r\n/g, '\n');
  const split = raw.indexOf('\n\n');
  const headers = parseHeaders(raw.slice(0, split));
  const parts: Record<string, string> = {};
  const boundary = /boundary="?([^";\s]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  const sections = boundary ? raw.slice(split + 2).split(`--${boundary}`) : [raw];
  for (const section of sections) {
    const at = section.indexOf('\n\n');
    if (at === -1) continue;
    const partHeaders = parseHeaders(section.slice(0, at).replace(/^\n/, ''));
    const type = (partHeaders.get('content-type') ?? '').split(';')[0]!.trim();
    let body = section.slice(at + 2);
    const encoding = partHeaders.get('content-transfer-encoding')?.toLowerCase();
    if (encoding === 'quoted-printable') body = decodeQuotedPrintable(body);
    else if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (type === 'text/plain' || type === 'text/html') parts[type] = body;
  }
  return { headers, text: parts['text/plain'] ?? '', html: parts['text/html'] ?? '' };
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Whether `Lookout-Signature` holds for the body with the secret the subscriber was given. */
export function signatureHolds(header: string | undefined, body: string, secret: string): boolean {
  const [, t, mac] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '') ?? [];
  if (t === undefined || mac === undefined) return false;
  return createHmac('sha256', secret).update(`${t}.${body}`).digest('hex') === mac;
}
