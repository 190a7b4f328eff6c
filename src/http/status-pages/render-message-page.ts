import { createHash } from 'node:crypto';
import { escape } from './format.js';

/*
 * The small pages of subscribing: "check your inbox", "subscribed", "unsubscribe?", "unsubscribed".
 * One centred card in the page's colours, light and dark, no script.
 */

const CSS = `
:root{color-scheme:light dark;--bg:#f5f6f8;--card:#fff;--line:#e4e7ec;--text:#101828;--muted:#475467;--link:#1849a9;--button:#1849a9;--button-text:#fff}
@media (prefers-color-scheme:dark){:root{--bg:#0c111d;--card:#161b26;--line:#2a303c;--text:#f5f5f6;--muted:#cecfd2;--link:#84adff;--button:#84adff;--button-text:#0c111d}}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{max-width:32rem;margin:4rem auto;padding:1.75rem;background:var(--card);border:1px solid var(--line);border-radius:.875rem}
h1{margin:0 0 .75rem;font-size:1.375rem;line-height:1.3}
p{margin:0 0 1rem;color:var(--muted)}
a{color:var(--link)}
button{font:inherit;font-weight:600;padding:.5rem 1rem;border:0;border-radius:.5rem;background:var(--button);color:var(--button-text);cursor:pointer}
a:focus-visible,button:focus-visible{outline:3px solid var(--link);outline-offset:2px}
@media (max-width:40rem){main{margin:1.5rem 1rem;padding:1.25rem}}
`.replace(/\n/g, '');

export const MESSAGE_PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(CSS).digest('base64')}'; base-uri 'none'; form-action 'self'`;

/** `form`: a button that posts to `action` (the unsubscribe confirmation). */
export function messagePage(title: string, paragraphs: string[], back: { text: string; href: string }, form?: { action: string; button: string }): string {
  const body = paragraphs.map((p) => `<p>${escape(p)}</p>`).join('\n');
  const action = form
    ? `<form method="post" action="${escape(form.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escape(form.button)}</button></form>\n`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)}</title>
<style>${CSS}</style>
</head>
<body>
<main>
<h1>${escape(title)}</h1>
${body}
${action}<p><a href="${escape(back.href)}">${escape(back.text)}</a></p>
</main>
</body>
</html>
`;
}
