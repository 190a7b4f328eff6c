/**
 * The one `If-None-Match` matcher (RFC 9110 §13.1.2, weak comparison): whether the header names
 * the representation, or is `*`. A list is read whole, and a tag of the same bytes in another
 * encoding (`"<tag>-br"`, `"<tag>-gzip"`: status pages send one per encoding) matches as well,
 * since the client holds those bytes.
 */
export function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.slice(1, -1);
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag || (tag.startsWith(`"${opaque}-`) && tag.endsWith('"'));
  });
}
