/* Records as the REST API answers them, named from the server's OpenAPI document (schema.d.ts). */
import type { Answer, ApiPaths, RequestBody } from './paths.js';

type Item<P extends keyof ApiPaths> = Answer<P, 'get'> extends { data: Array<infer T> } ? T : never;

export type Session = Answer<'/api/v1/session', 'get'>;
export type SessionTeam = Session['team'];
export type Role = SessionTeam['role'];
export type SignInOptions = Answer<'/api/v1/session/options', 'get'>;
export type TwoFactorEnrolment = Answer<'/api/v1/session/totp', 'post'>;

export type Monitor = Answer<'/api/v1/monitors/{id}', 'get'>;
export type HttpMonitor = Extract<Monitor, { type: 'http' }>;
export type SslMonitor = Extract<Monitor, { type: 'ssl' }>;
export type TcpMonitor = Extract<Monitor, { type: 'tcp' }>;
export type DnsMonitor = Extract<Monitor, { type: 'dns' }>;
export type HeartbeatMonitor = Extract<Monitor, { type: 'heartbeat' }>;
export type PingMonitor = Extract<Monitor, { type: 'ping' }>;
export type DomainMonitor = Extract<Monitor, { type: 'domain' }>;
/** A monitor Lookout checks itself, from regions on an interval (every type but heartbeat). */
export type CheckedMonitor = Exclude<Monitor, HeartbeatMonitor>;
export type MonitorType = Monitor['type'];
export type MonitorStatus = Monitor['status'];
export type Region = CheckedMonitor['regions'][number];
export type DnsRecordType = DnsMonitor['recordType'];
export type HttpMethod = HttpMonitor['method'];
export type Certificate = NonNullable<SslMonitor['certificate']>;
export type MonitorCreate = RequestBody<'/api/v1/monitors', 'post'>;
export type MonitorUpdate = RequestBody<'/api/v1/monitors/{id}', 'patch'>;

export type Run = Item<'/api/v1/monitors/{id}/runs'>;
export type CheckEnqueued = Answer<'/api/v1/monitors/{id}/check', 'post'>;
export type MonitorStats = Answer<'/api/v1/monitors/{id}/stats', 'get'>;
export type StatsRange = MonitorStats['range'];
export type MonitorSummary = Item<'/api/v1/monitor-stats'>;

export type Incident = Answer<'/api/v1/incidents/{id}', 'get'>;
export type IncidentUpdate = Incident['updates'][number];
export type IncidentStatus = Incident['status'];
export type IncidentCause = NonNullable<Incident['cause']>;
export type Severity = Incident['severity'];

export type StatusPage = Answer<'/api/v1/status-pages/current', 'get'>;

export type Policy = Answer<'/api/v1/notification-policies/{id}', 'get'>;
export type PolicyBody = RequestBody<'/api/v1/notification-policies', 'post'>;
export type NotifyOn = Policy['notifyOn'][number];
export type Channel = Policy['channels'][number];
export type DeliveryAttempt = Item<'/api/v1/notification-policies/{id}/deliveries'>;
/** One alert to one channel, as the team's delivery log lists it. */
export type Delivery = Item<'/api/v1/deliveries'>;
export type AuditEntry = Item<'/api/v1/audit-log'>;
export type DeliveryState = Delivery['state'];
export type PolicyTestResult = Answer<'/api/v1/notification-policies/{id}/test', 'post'>;

export type Team = Answer<'/api/v1/teams/current', 'get'>;
export type Member = Item<'/api/v1/teams/current/members'>;
export type InvitedMember = Answer<'/api/v1/teams/current/members', 'post'>;
/** A member's active token as Admins and Owners see it: never the secret. */
export type TeamToken = Item<'/api/v1/teams/current/tokens'>;
/** A region of the installation and who serves it (server, worker, remote probe). */
export type RegionHealth = Item<'/api/v1/regions'>;
export type PersonalToken = Item<'/api/v1/tokens'>;
export type CreatedToken = Answer<'/api/v1/tokens', 'post'>;

export type MaintenanceWindow = Answer<'/api/v1/maintenance-windows/{id}', 'get'>;
export type MaintenanceWindowBody = RequestBody<'/api/v1/maintenance-windows', 'post'>;
