/**
 * The one HTML escaper: text made safe for HTML (and XML) content and quoted attribute values.
 * Status pages and their feed, the acknowledge page, the API reference page, mail and Telegram
 * messages all use it. Pure TypeScript that imports nothing, so the domain may use it too.
 */
const SPECIAL = /[&<>"']/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(SPECIAL, (c) => ENTITIES[c]!);
}
