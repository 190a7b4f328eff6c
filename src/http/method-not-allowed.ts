import type { FastifyInstance } from 'fastify';

/**
 * Fastify answers 404 for a known path with an unknown method; the contract wants 405
 * with `Allow`. Paths are remembered as patterns when routes are added. A parameter longer
 * than the router accepts (`maxParamLength`) matches no route at all, whatever the method, so
 * it matches no pattern either: that path is 404, never a 405 naming the method just used.
 */
export function trackAllowedMethods(app: FastifyInstance, maxParamLength: number): (path: string) => string[] {
  const patterns = new Map<string, { regex: RegExp; methods: Set<string> }>();
  app.addHook('onRoute', (route) => {
    if (route.url === '*' || route.url.endsWith('/*')) return;
    let entry = patterns.get(route.url);
    if (!entry) {
      const source = route.url
        .split('/')
        .map((part) => (part.startsWith(':') ? `[^/]{1,${maxParamLength}}` : escape(part)))
        .join('/');
      entry = { regex: new RegExp(`^${source}/?$`), methods: new Set() };
      patterns.set(route.url, entry);
    }
    for (const method of [route.method].flat()) entry.methods.add(method);
  });
  return (path) => {
    const allowed = new Set<string>();
    for (const { regex, methods } of patterns.values()) if (regex.test(path)) for (const m of methods) allowed.add(m);
    return [...allowed].sort();
  };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
