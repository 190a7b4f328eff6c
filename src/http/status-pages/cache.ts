import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Logger } from 'pino';
import { systemClock, type Clock } from '../../domain/ports/clock.js';
import type { PublicState, PublicStatusPage, StatusPageService } from '../../domain/status-pages.js';
import { renderAtom } from './render-feed.js';
import { renderHtml, type RenderOptions } from './render-html.js';
import { renderIndex, renderJson } from './render-json.js';

export type Kind = 'html' | 'json' | 'atom' | 'index';
export type Encoding = 'identity' | 'gzip' | 'br';

const TYPES: Record<Kind, string> = {
  html: 'text/html; charset=utf-8',
  json: 'application/json; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  index: 'application/json; charset=utf-8',
};

export const SVG_TYPE = 'image/svg+xml; charset=utf-8';

const RENDER: Record<Kind, (view: PublicStatusPage, options: RenderOptions) => string> = {
  html: renderHtml,
  json: renderJson,
  atom: renderAtom,
  index: renderIndex,
};

/** One rendered form of a page: the bytes (compressed forms made once, when first asked for) and a strong ETag. */
export class Representation {
  readonly type: string;
  readonly etag: string;
  private readonly encoded = new Map<Encoding, Buffer>();

  constructor(
    type: string,
    readonly body: Buffer,
  ) {
    this.type = type;
    this.etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    this.encoded.set('identity', body);
  }

  /** The bytes in `encoding`; its ETag differs from the others' (a strong ETag names exact bytes). */
  encode(encoding: Encoding): { body: Buffer; etag: string } {
    let body = this.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(this.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: this.body.length } })
          : gzipSync(this.body, { level: 6 });
      this.encoded.set(encoding, body);
    }
    return { body, etag: encoding === 'identity' ? this.etag : `${this.etag.slice(0, -1)}-${encoding}"` };
  }
}

/** A page's public model as of `key`, and its forms (page, summaries, feed, badges), each rendered when first asked for. */
export class BuiltPage {
  private readonly forms = new Map<Kind, Representation>();
  private readonly badges = new Map<string, Representation>();

  constructor(
    readonly key: string,
    readonly view: PublicStatusPage,
    readonly builtAt: number,
    /** The store's change token when the page was last found current (see `changeToken`). */
    public token: string | null,
    private readonly options: RenderOptions = { emailForm: false },
  ) {}

  get(kind: Kind): Representation {
    let form = this.forms.get(kind);
    if (!form) {
      form = new Representation(TYPES[kind], Buffer.from(RENDER[kind](this.view, this.options)));
      this.forms.set(kind, form);
    }
    return form;
  }

  /** A badge of this page, by a key naming what it shows, rendered once per build. */
  badge(key: string, render: (view: PublicStatusPage) => string): Representation {
    let form = this.badges.get(key);
    if (!form) {
      form = new Representation(SVG_TYPE, Buffer.from(render(this.view)));
      this.badges.set(key, form);
    }
    return form;
  }
}

export interface CacheOptions {
  /** How long a built page answers while its key is unchanged: today's uptime counts move within it. */
  ttlMs: number;
  /** Pages kept; the least recently built goes first. */
  maxPages: number;
  logger?: Logger;
  /** The clock the pages are built on and age by (the service's); the system clock when absent. */
  clock?: Clock;
  /** What the page offers besides its data (the email subscribe form). */
  render?: RenderOptions;
}

/**
 * The public pages, built once and served from memory. Every request first asks the store for its
 * change token (SQLite: one statement that reads no table); when nothing was written since the
 * page was last found current, the built page answers. Otherwise it reads the page's
 * `PublicState` (two indexed queries; every request does with PostgreSQL): when its key differs
 * from the built one (a monitor changed status or name, an incident was opened, updated or
 * resolved, the page was edited), the page is built again before answering, so no answer is older
 * than the data it shows, whichever process changed it. Only today's uptime counts may lag, by at
 * most the TTL: past it the page is rebuilt (in the background, answering with the built one
 * meanwhile, for up to one more TTL).
 */
export class StatusPageCache {
  private readonly pages = new Map<string, BuiltPage>();
  private readonly building = new Map<string, { key: string; promise: Promise<BuiltPage | undefined> }>();
  /**
   * Requests for a slug that arrive while its state is being read, having seen the same change
   * token, share that read: one query instead of many under load. (Without a token, PostgreSQL,
   * the shared read may have started up to one query's time before a request arrived.)
   */
  private readonly reading = new Map<string, { token: string | null; promise: Promise<PublicState | undefined> }>();
  private readonly clock: Clock;

  constructor(
    private readonly service: Pick<StatusPageService, 'changeToken' | 'publicState' | 'publicView'>,
    private readonly options: CacheOptions,
  ) {
    this.clock = options.clock ?? systemClock;
  }

  /** The built page for `slug`, current as of this request; undefined when there is no such page. */
  async get(slug: string): Promise<BuiltPage | undefined> {
    // Read before the state: a change in between moves the token, and the next request looks again.
    const token = await this.service.changeToken();
    const built = this.pages.get(slug);
    const fresh = (page: BuiltPage) => this.clock.now() - page.builtAt < this.options.ttlMs;
    // Nothing at all changed in the store since the page was found current: no need to read its state.
    if (built && token !== null && built.token === token && fresh(built)) return built;
    const state = await this.readState(slug, token);
    if (!state) {
      this.pages.delete(slug);
      return undefined;
    }
    if (built && built.key === state.key) {
      built.token = token;
      if (fresh(built)) return built;
      if (this.clock.now() - built.builtAt < 2 * this.options.ttlMs) {
        this.build(slug, state, token).catch((error: unknown) => this.options.logger?.error({ err: error, slug }, 'status page refresh failed'));
        return built;
      }
    }
    return this.build(slug, state, token);
  }

  private readState(slug: string, token: string | null): Promise<PublicState | undefined> {
    const running = this.reading.get(slug);
    // A read begun before a change this request saw (another token) could miss it: start another.
    if (running && running.token === token) return running.promise;
    const entry = { token, promise: this.service.publicState(slug, this.clock.now()) };
    this.reading.set(slug, entry);
    const done = () => {
      if (this.reading.get(slug) === entry) this.reading.delete(slug);
    };
    entry.promise.then(done, done);
    return entry.promise;
  }

  /** One build per slug and key at a time: a burst of requests after a change waits for the same one. */
  private build(slug: string, state: PublicState, token: string | null): Promise<BuiltPage | undefined> {
    const running = this.building.get(slug);
    if (running && running.key === state.key) return running.promise;
    const promise = (async () => {
      const builtAt = this.clock.now();
      const view = await this.service.publicView(slug, state, builtAt);
      if (!view) return undefined;
      const built = new BuiltPage(state.key, view, builtAt, token, this.options.render);
      this.pages.delete(slug);
      this.pages.set(slug, built);
      if (this.pages.size > this.options.maxPages) this.pages.delete(this.pages.keys().next().value!);
      return built;
    })();
    const entry = { key: state.key, promise };
    this.building.set(slug, entry);
    const done = () => {
      if (this.building.get(slug) === entry) this.building.delete(slug);
    };
    promise.then(done, done);
    return promise;
  }
}
