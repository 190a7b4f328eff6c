import { afterEach, describe, expect, it, vi } from 'vitest';
import { overallStatus, uptimePercent, type PublicState, type PublicStatusPage } from '../../src/domain/status-pages.js';
import { StatusPageCache } from '../../src/http/status-pages/cache.js';
import { duration, escape } from '../../src/http/status-pages/format.js';
import { renderHtml } from '../../src/http/status-pages/render-html.js';
import { formatUptime } from '../../src/shared/uptime.js';
import { percent as dashboardPercent } from '../../web/src/format.js';

describe('the banner', () => {
  const m = (...statuses: string[]) => statuses.map((status) => ({ status }));
  it.each([
    [m(), [], 'operational'],
    [m('operational', 'no-data', 'paused'), [], 'operational'],
    [m('operational', 'degraded'), [], 'partial-outage'],
    [m('operational', 'down'), [], 'partial-outage'],
    [m('down', 'down', 'no-data', 'paused'), [], 'major-outage'],
    [m('down'), [], 'major-outage'],
    [m('no-data', 'paused'), [], 'operational'],
    [m('operational'), [{ severity: 'minor' }], 'partial-outage'],
    [m('operational'), [{ severity: 'major' }], 'partial-outage'],
    [m('operational'), [{ severity: 'critical' }], 'major-outage'],
    [m(), [{ severity: 'major' }], 'partial-outage'],
  ] as const)('%j with incidents %j is %s', (monitors, incidents, expected) => {
    expect(overallStatus(monitors as any, incidents as any)).toBe(expected);
  });
});

describe('uptime figures', () => {
  it('are cut, never rounded up: one failure is never 100%', () => {
    expect(uptimePercent(100_000, 1)).toBe(99.999);
    expect(formatUptime(uptimePercent(100_000, 1))).toBe('99.99%');
    expect(uptimePercent(3, 1)).toBe(66.666);
    expect(formatUptime(uptimePercent(2000, 1))).toBe('99.95%');
  });

  it('read the same on the status page as on the dashboard', () => {
    for (const value of [100, 99.9999, 99.995, 99.95, 99.9, 98.333, 50, 0]) {
      const html = renderHtml(pageWith(value));
      const shown = /aria-label="Site: ([^"]*) uptime over the past 90 days"/.exec(html)?.[1];
      expect(shown, `${value}`).toBe(formatUptime(value));
      expect(html).toContain(`title="2026-11-21: ${shown ?? ''} uptime"`);
      expect(dashboardPercent(value), `${value}`).toBe(shown);
    }
    expect(dashboardPercent(null)).toBe('—');
  });

  it('durations read naturally', () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 21) + minutes * 60_000).toISOString();
    expect(duration(at(0), at(0.5))).toBe('under a minute');
    expect(duration(at(0), at(12))).toBe('12 min');
    expect(duration(at(0), at(60))).toBe('1 h');
    expect(duration(at(0), at(98))).toBe('1 h 38 min');
    expect(duration(at(0), at(2 * 1440 + 180))).toBe('2 d 3 h');
  });

  it('escaping covers markup, quotes and characters XML cannot hold', () => {
    expect(escape(`<a href="x">'&'</a>\u0000\u0008\ud800ok`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;ok');
    expect(escape('emoji 😀 stays')).toBe('emoji 😀 stays');
  });
});

describe('the page cache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function fakeService() {
    const service = {
      key: 'k1',
      exists: true,
      builds: 0,
      reads: 0,
      /** null: the store cannot tell (PostgreSQL), every request reads the state. */
      token: null as string | null,
      async changeToken() {
        return service.token;
      },
      /** When set, state reads wait for it (to hold one in flight). */
      gate: null as Promise<void> | null,
      async publicState(slug: string) {
        service.reads++;
        const key = service.key;
        if (service.gate) await service.gate;
        return service.exists ? ({ slug, key } as PublicState) : undefined;
      },
      async publicView(_slug: string, state?: PublicState) {
        service.builds++;
        await new Promise((r) => setTimeout(r, 5));
        return { title: `built for ${state!.key}` } as PublicStatusPage;
      },
    };
    return service;
  }

  it('builds once per key, and again as soon as the key changes', async () => {
    const service = fakeService();
    const cache = new StatusPageCache(service, { ttlMs: 30_000, maxPages: 10 });
    const first = await cache.get('acme');
    expect(await cache.get('acme')).toBe(first);
    expect(service.builds).toBe(1);
    service.key = 'k2';
    const second = await cache.get('acme');
    expect(second).not.toBe(first);
    expect(second!.view.title).toBe('built for k2');
    expect(service.builds).toBe(2);
  });

  it('reads no state while the store reports no change at all (SQLite), and checks the key once it does', async () => {
    const service = fakeService();
    service.token = 't1';
    const cache = new StatusPageCache(service, { ttlMs: 30_000, maxPages: 10 });
    const first = await cache.get('acme');
    for (let i = 0; i < 5; i++) expect(await cache.get('acme')).toBe(first);
    expect(service.reads).toBe(1);
    // Something was written, but nothing the page shows: the state is read, the page stays.
    service.token = 't2';
    expect(await cache.get('acme')).toBe(first);
    expect(await cache.get('acme')).toBe(first);
    expect(service.reads).toBe(2);
    // A change the page shows.
    service.token = 't3';
    service.key = 'k2';
    expect((await cache.get('acme'))!.view.title).toBe('built for k2');
    expect(service.builds).toBe(2);
    // Without a token every request reads the state.
    service.token = null;
    await cache.get('acme');
    await cache.get('acme');
    expect(service.reads).toBe(5);
  });

  it('never lets a request that saw a newer change share a state read begun before it', async () => {
    const service = fakeService();
    service.token = 't1';
    const cache = new StatusPageCache(service, { ttlMs: 30_000, maxPages: 10 });
    await cache.get('acme');
    let open!: () => void;
    service.gate = new Promise((resolve) => (open = resolve));
    service.token = 't2'; // a write the page does not show
    const a = cache.get('acme'); // reads the state as of k1, held in flight
    await new Promise((r) => setTimeout(r, 1));
    service.gate = null;
    service.key = 'k2'; // a change the page shows
    service.token = 't3';
    const b = cache.get('acme');
    open();
    expect((await a)!.view.title).toBe('built for k1');
    expect((await b)!.view.title).toBe('built for k2');
    expect((await cache.get('acme'))!.view.title).toBe('built for k2');
  });

  it('lets a burst of requests after a change wait for one build', async () => {
    const service = fakeService();
    const cache = new StatusPageCache(service, { ttlMs: 30_000, maxPages: 10 });
    const pages = await Promise.all(Array.from({ length: 20 }, () => cache.get('acme')));
    expect(new Set(pages).size).toBe(1);
    expect(service.builds).toBe(1);
  });

  it('past the TTL answers with the built page while building anew; past twice the TTL it waits', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const service = fakeService();
    const cache = new StatusPageCache(service, { ttlMs: 30_000, maxPages: 10 });
    const first = await cache.get('acme');
    vi.setSystemTime(Date.now() + 31_000);
    expect(await cache.get('acme')).toBe(first);
    await new Promise((r) => setTimeout(r, 20));
    expect(service.builds).toBe(2);
    const refreshed = await cache.get('acme');
    expect(refreshed).not.toBe(first);
    vi.setSystemTime(Date.now() + 61_000);
    const waited = await cache.get('acme');
    expect(waited).not.toBe(refreshed);
    expect(service.builds).toBe(3);
  });

  it('forgets a page that is gone, and keeps at most maxPages', async () => {
    const service = fakeService();
    const cache = new StatusPageCache(service, { ttlMs: 30_000, maxPages: 2 });
    await cache.get('a');
    service.exists = false;
    expect(await cache.get('a')).toBeUndefined();
    service.exists = true;
    await cache.get('a');
    expect(service.builds).toBe(2);
    await cache.get('b');
    await cache.get('c');
    await cache.get('a');
    expect(service.builds).toBe(5);
  });
});

/** A page with one monitor whose every figure is `uptime`. */
function pageWith(uptime: number): PublicStatusPage {
  const monitors: PublicStatusPage['monitors'] = [
    {
      id: 'm',
      name: 'Site',
      target: null,
      status: 'operational',
      uptime90d: uptime,
      uptime30d: uptime,
      days: [{ date: '2026-11-21', uptime, maintenance: false }],
      dayCounts: [[1000, 1000 - Math.round(uptime * 10)]],
    },
  ];
  return {
    pageId: 'p',
    slug: 'acme',
    title: 'Acme',
    url: 'http://lookout.test/status/acme',
    showTargets: false,
    status: 'operational',
    monitors,
    sections: [{ name: null, monitors }],
    activeIncidents: [],
    recentIncidents: [],
    maintenance: [],
    historyDays: [],
    updatedAt: '2026-11-21T10:00:00.000Z',
  };
}
