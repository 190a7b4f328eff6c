import type { PolicyRecord } from '../../domain/alerts/policies.js';
import type { MaintenanceWindowRecord } from '../../domain/maintenance/schema.js';
import type { MonitorRecord } from '../../domain/monitor-schemas.js';
import type { StatusPageRecord } from '../../domain/status-pages.js';
import { VERSION } from '../../version.js';

/** A refusal by the server, with the problem it answered turned into one readable line. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** What `lookout apply` and `export` read and write of a team, over its REST API only. */
export interface LookoutClient {
  /** The API token the client sends: the key of the secrets' digests is derived from it. */
  readonly token: string;
  listMonitors(): Promise<MonitorRecord[]>;
  createMonitor(body: Record<string, unknown>): Promise<MonitorRecord>;
  updateMonitor(id: string, body: Record<string, unknown>): Promise<MonitorRecord>;
  deleteMonitor(id: string): Promise<void>;
  listPolicies(): Promise<PolicyRecord[]>;
  createPolicy(body: Record<string, unknown>): Promise<PolicyRecord>;
  updatePolicy(id: string, body: Record<string, unknown>): Promise<PolicyRecord>;
  deletePolicy(id: string): Promise<void>;
  listWindows(): Promise<MaintenanceWindowRecord[]>;
  createWindow(body: Record<string, unknown>): Promise<MaintenanceWindowRecord>;
  updateWindow(id: string, body: Record<string, unknown>): Promise<MaintenanceWindowRecord>;
  deleteWindow(id: string): Promise<void>;
  /** Null when the team has no status page. */
  getStatusPage(): Promise<StatusPageRecord | null>;
  putStatusPage(body: Record<string, unknown>): Promise<StatusPageRecord>;
}

export interface RemoteOptions {
  url?: string;
  token?: string;
}

/**
 * The client of `--url`/`--token`, or else LOOKOUT_URL/LOOKOUT_TOKEN. Throws a readable error when
 * either is missing or the address is not an http(s) URL.
 */
export function remoteClientFrom(options: RemoteOptions, env: Record<string, string | undefined>): LookoutClient {
  const url = options.url ?? env.LOOKOUT_URL;
  const token = options.token ?? env.LOOKOUT_TOKEN;
  if (!url) throw new Error('the server address is missing: give --url or set LOOKOUT_URL (such as https://lookout.example.com)');
  if (!token) throw new Error('the API token is missing: give --token or set LOOKOUT_TOKEN (a team token, lkt_…)');
  return remoteClient({ url, token });
}

export function remoteClient({ url, token }: { url: string; token: string }): LookoutClient {
  let base: URL;
  try {
    base = new URL(url);
  } catch {
    throw new Error(`--url must be an absolute http:// or https:// URL (got ${url})`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new Error(`--url must be an http:// or https:// URL (got ${url})`);
  const root = base.href.replace(/\/+$/, '');

  async function call<T>(method: string, path: string, body?: unknown, allow404 = false): Promise<T | null> {
    let response: Response;
    try {
      response = await fetch(`${root}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          'user-agent': `lookout-cli/${VERSION}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new ApiError(0, `cannot reach ${root}: ${cause?.code ?? cause?.message ?? (error as Error).message}`);
    }
    const text = await response.text();
    if (allow404 && response.status === 404) return null;
    if (!response.ok) throw new ApiError(response.status, problemMessage(method, path, response.status, text));
    return (text === '' ? undefined : JSON.parse(text)) as T;
  }
  const list = async <T>(path: string) => (await call<{ data: T[] }>('GET', path))!.data;
  const send = async <T>(method: string, path: string, body: unknown) => (await call<T>(method, path, body))!;
  const remove = async (path: string) => {
    await call('DELETE', path);
  };
  const id = (value: string) => encodeURIComponent(value);

  return {
    token,
    listMonitors: () => list<MonitorRecord>('/api/v1/monitors'),
    createMonitor: (body) => send('POST', '/api/v1/monitors', body),
    updateMonitor: (monitorId, body) => send('PATCH', `/api/v1/monitors/${id(monitorId)}`, body),
    deleteMonitor: (monitorId) => remove(`/api/v1/monitors/${id(monitorId)}`),
    listPolicies: () => list<PolicyRecord>('/api/v1/notification-policies'),
    createPolicy: (body) => send('POST', '/api/v1/notification-policies', body),
    updatePolicy: (policyId, body) => send('PATCH', `/api/v1/notification-policies/${id(policyId)}`, body),
    deletePolicy: (policyId) => remove(`/api/v1/notification-policies/${id(policyId)}`),
    listWindows: () => list<MaintenanceWindowRecord>('/api/v1/maintenance-windows'),
    createWindow: (body) => send('POST', '/api/v1/maintenance-windows', body),
    updateWindow: (windowId, body) => send('PATCH', `/api/v1/maintenance-windows/${id(windowId)}`, body),
    deleteWindow: (windowId) => remove(`/api/v1/maintenance-windows/${id(windowId)}`),
    getStatusPage: () => call<StatusPageRecord>('GET', '/api/v1/status-pages/current', undefined, true),
    putStatusPage: (body) => send('PUT', '/api/v1/status-pages/current', body),
  };
}

/** An RFC 9457 problem as one line: its status and title, then each field's error, or its detail. */
function problemMessage(method: string, path: string, status: number, text: string): string {
  let problem: { title?: string; detail?: string; errors?: Array<{ field: string; message: string }> } = {};
  try {
    problem = JSON.parse(text) as typeof problem;
  } catch {
    // Not a problem document (a proxy's page): its first line says enough.
  }
  const what = problem.errors?.length
    ? problem.errors.map((e) => `${e.field}: ${e.message}`).join('; ')
    : (problem.detail ?? problem.title ?? (text.split('\n')[0]!.slice(0, 200) || 'no detail'));
  return `${method} ${path} answered ${status}: ${what}`;
}
