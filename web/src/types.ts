/* Records as the REST API answers them (the public records and the dashboard endpoints). */

export type Role = 'Member' | 'Admin' | 'Owner';
export type MonitorStatus = 'pending' | 'up' | 'degraded' | 'down' | 'paused';
export type Region = 'us-east' | 'eu-west' | 'asia';
export const REGIONS: Region[] = ['us-east', 'eu-west', 'asia'];
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'HEAD'] as const;

export interface SessionTeam {
  id: string;
  name: string;
  role: Role;
}

export interface Session {
  user: { id: string; email: string; name: string };
  team: SessionTeam;
  teams: SessionTeam[];
  csrfToken: string;
  expiresAt: string;
}

export interface Certificate {
  subject: string;
  issuer: string;
  validFrom: string;
  validTo: string;
  daysRemaining: number;
}

interface MonitorCommon {
  id: string;
  name: string;
  intervalSeconds: number;
  timeoutSeconds: number;
  regions: Region[];
  notificationPolicyId: string | null;
  status: MonitorStatus;
  paused: boolean;
  lastCheckedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface HttpMonitor extends MonitorCommon {
  type: 'http';
  url: string;
  method: (typeof HTTP_METHODS)[number];
  expectedStatus: number;
  auth: { type: 'bearer' | 'basic' | 'header'; username: string | null; headerName: string | null; secretSet: boolean } | null;
}

export interface SslMonitor extends MonitorCommon {
  type: 'ssl';
  host: string;
  port: number;
  warningDays: number | null;
  certificate: Certificate | null;
}

export type Monitor = HttpMonitor | SslMonitor;

export interface Run {
  id: string;
  monitorId: string;
  region: Region;
  trigger: 'scheduled' | 'manual';
  startedAt: string;
  durationMs: number;
  ok: boolean;
  attempts: number;
  error: { code: string; message: string } | null;
  statusCode: number | null;
  timings: { dnsMs: number | null; connectMs: number | null; tlsMs: number | null; ttfbMs: number | null; totalMs: number } | null;
  certificate: Certificate | null;
}

export interface CheckEnqueued {
  monitorId: string;
  status: 'queued';
  regions: Region[];
  enqueuedAt: string;
  nextTriggerAt: string;
}

export type IncidentStatus = 'investigating' | 'identified' | 'monitoring' | 'resolved';
export type Severity = 'minor' | 'major' | 'critical';

export interface IncidentUpdate {
  id: string;
  incidentId: string;
  message: string;
  status: IncidentStatus | null;
  postedToStatusPage: boolean;
  createdAt: string;
}

export interface Incident {
  id: string;
  title: string;
  status: IncidentStatus;
  severity: Severity;
  monitorId: string | null;
  source: 'manual' | 'monitor';
  createdAt: string;
  updatedAt: string;
  resolvedAt: string | null;
  updates: IncidentUpdate[];
}

export interface StatusPage {
  id: string;
  slug: string;
  title: string;
  url: string;
  monitorIds: string[];
  showTargets: boolean;
  createdAt: string;
  updatedAt: string;
}

export type NotifyOn = 'down' | 'degraded' | 'up' | 'certificate-expiring';
export const NOTIFY_ON: NotifyOn[] = ['down', 'degraded', 'up', 'certificate-expiring'];

export type Channel = { type: 'webhook'; url: string; secretSet: boolean } | { type: 'slack'; webhookUrl: string } | { type: 'email'; to: string[] };

export interface Policy {
  id: string;
  name: string;
  notifyOn: NotifyOn[];
  channels: Channel[];
  createdAt: string;
  updatedAt: string;
}

export interface DeliveryAttempt {
  id: string;
  deliveryId: string;
  eventId: string;
  event: string;
  monitorId: string | null;
  channel: Record<string, unknown> & { type: string };
  attempt: number;
  attemptedAt: string;
  durationMs: number;
  outcome: 'delivered' | 'retrying' | 'failed';
  statusCode: number | null;
  error: string | null;
  nextAttemptAt: string | null;
}

export interface PolicyTestResult {
  eventId: string;
  results: Array<{
    channel: Record<string, unknown> & { type: string };
    outcome: 'delivered' | 'failed';
    statusCode: number | null;
    error: string | null;
    durationMs: number;
  }>;
}

export interface Team {
  id: string;
  name: string;
  createdAt: string;
  tokenRole: Role;
}

export interface Member {
  userId: string;
  name: string;
  email: string;
  role: Role;
  joinedAt: string;
}

export interface InvitedMember extends Member {
  invitation: { setPasswordUrl: string; expiresAt: string } | null;
}

export interface PersonalToken {
  id: string;
  name: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  current: boolean;
}

export interface CreatedToken extends PersonalToken {
  token: string;
}

/** A member's active token as Admins and Owners see it: never the secret. */
export interface TeamToken {
  id: string;
  name: string;
  userId: string;
  email: string;
  /** The member's current role in the team: the role the token acts with. */
  role: Role;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  /** The token this one was created with; null when made from a dashboard session or by the operator. */
  parentId: string | null;
}

export interface LiveMonitorState {
  monitorId: string;
  status: MonitorStatus;
  paused: boolean;
  lastCheckedAt: string | null;
}

export interface StatsBucket {
  start: string;
  checks: number;
  failures: number;
  uptime: number | null;
  avgResponseMs: number | null;
  p95ResponseMs: number | null;
}

export interface MonitorStats {
  monitorId: string;
  range: '24h' | '7d' | '30d';
  from: string;
  to: string;
  bucketSeconds: number;
  checks: number;
  failures: number;
  uptime: number | null;
  avgResponseMs: number | null;
  p95ResponseMs: number | null;
  buckets: StatsBucket[];
}

export interface MonitorSummary {
  monitorId: string;
  uptime24h: number | null;
  avgResponseMs24h: number | null;
  checks24h: number;
  recent: Array<{ startedAt: string; region: string; durationMs: number; ok: boolean }>;
}
