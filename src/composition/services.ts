import { VERSION } from '../version.js';
import { rdapFor } from '../monitor-types/domain/rdap.js';
import { AcknowledgeLinks } from '../domain/alerts/acknowledge-links.js';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { CheckDispatcher } from '../domain/ports/check-dispatch.js';
import { EmbeddedDispatcher } from '../checks/embedded-dispatch.js';
import type { Coordination } from '../domain/ports/coordination.js';
import { systemClock, type Clock } from '../domain/ports/clock.js';
import { AuditLogService } from '../domain/audit/log.js';
import { AuditTrail } from '../domain/audit/trail.js';
import { AccountMailer } from '../notify/account-mailer.js';
import { DEFAULT_DISPATCHER_OPTIONS, DeliveryDispatcher, type DispatcherOptions } from '../notify/dispatcher.js';
import type { Store } from '../store/database.js';
import { AUTH_FAILURES_PER_MINUTE, AccessService, REQUESTS_PER_MINUTE } from '../domain/access.js';
import { AlertPolicyService, POLICY_TESTS_PER_WINDOW, POLICY_TEST_WINDOW_SECONDS } from '../domain/alerts/policies.js';
import { AlertProcessor } from '../domain/alerts/processor.js';
import { DeliveryLogService } from '../domain/alerts/delivery-log.js';
import { CheckService } from '../domain/checks.js';
import { IncidentService } from '../domain/incidents.js';
import { MaintenanceWindowService } from '../domain/maintenance/service.js';
import { MonitorService } from '../domain/monitors.js';
import { LiveStatusService, type LiveOptions } from '../domain/live-status.js';
import { MonitorStatsService } from '../domain/monitor-stats.js';
import { MonitorMetricsService } from '../domain/monitor-metrics.js';
import { NotificationPolicyService } from '../domain/notification-policies.js';
import { PersonalTokenService } from '../domain/personal-tokens.js';
import { EmailChangeService } from '../domain/email-changes.js';
import { SecretBox } from '../domain/secrets/secret-box.js';
import { RegionNames } from '../domain/probes/region-names.js';
import { RegionService } from '../domain/probes/regions.js';
import { ProbeTokenService } from '../domain/probes/probe-tokens.js';
import { ProbeLeases } from '../domain/probes/leases.js';
import { SecretService, createKeySource } from '../domain/secrets/secrets.js';
import { SIGN_IN_FAILURES_PER_ACCOUNT, SIGN_IN_FAILURES_PER_ADDRESS, SIGN_IN_WINDOW_SECONDS, SessionService } from '../domain/sessions.js';
import { StatusPageService } from '../domain/status-pages.js';
import { NoticeFanout } from '../domain/status-pages/notices.js';
import { SubscriberLinks } from '../domain/status-pages/subscriber-links.js';
import { SUBSCRIBES_PER_ADDRESS_PER_HOUR, SubscriberService } from '../domain/status-pages/subscribers.js';
import { SubscriberDispatcher } from '../notify/subscriber-dispatcher.js';
import { TeamMemberService } from '../domain/team-members.js';
import { TeamTokenService } from '../domain/team-tokens.js';
import { TeamService } from '../domain/teams.js';
import { TokenService } from '../domain/tokens.js';
import { TwoFactorService } from '../domain/two-factor.js';
import { OIDC_STARTS_PER_MINUTE, OidcSignInService } from '../domain/oidc-sign-in.js';
import { OpenIdProvider } from '../identity/openid-provider.js';
import { UserService } from '../domain/users.js';

/**
 * The composition root: builds the domain services and wires them to the adapters that implement
 * the domain's ports (check queues, coordination, outbox delivery). It sits outside src/domain so
 * the domain depends on none of those adapters.
 */

/** The domain layer: every rule lives behind these, and every surface calls them. */
export interface Services {
  access: AccessService;
  teams: TeamService;
  users: UserService;
  tokens: TokenService;
  monitors: MonitorService;
  /** Runs and "check now" (the per-monitor trigger lock). */
  checks: CheckService;
  /** Where checks go to be run: in-process queues, or a queue per region in cluster mode. */
  dispatcher: CheckDispatcher;
  notificationPolicies: NotificationPolicyService;
  /** Stored-secret encryption (`secrets.box`) and key rotation. */
  secrets: SecretService;
  incidents: IncidentService;
  /** The signed one-click acknowledge links in alerts, and their checking. */
  acknowledgeLinks: AcknowledgeLinks;
  /** Maintenance windows: CRUD and ending one now; the check engine's sweep applies their occurrences to monitors. */
  maintenanceWindows: MaintenanceWindowService;
  /** Notification policies as a resource: CRUD, test, deliveries log. */
  alertPolicies: AlertPolicyService;
  /** Domain events → automatic incidents and outbox deliveries; the engine calls `notify()` after a commit. */
  alerts: AlertProcessor;
  /** Sends the outbox (every channel type) with retries. */
  deliveries: DeliveryDispatcher;
  /** The team's delivery log: every alert to every channel, filtered, a page at a time. */
  deliveryLog: DeliveryLogService;
  /** Dashboard sign-in: server-side sessions behind an HttpOnly cookie, CSRF tokens, set-password links. */
  sessions: SessionService;
  /** Sign-in with the OpenID Connect provider of LOOKOUT_OIDC_ISSUER (none configured: every call is refused). */
  oidc: OidcSignInService;
  /** A person's TOTP second factor: enrol, confirm (recovery codes), turn off; judged at password sign-in. */
  twoFactor: TwoFactorService;
  /** The caller's own personal access tokens (list, create once-shown, revoke). */
  personalTokens: PersonalTokenService;
  /** Members managing members: roles, removal, invitations (Admin and Owner). */
  teamMembers: TeamMemberService;
  /** A person's own sign-in address, changed only through a link mailed to the new one. */
  emailChanges: EmailChangeService;
  /** Every member's tokens of the team, for Admins and Owners: list and revoke. */
  teamTokens: TeamTokenService;
  /** Monitor status changes pushed to dashboards. */
  live: LiveStatusService;
  /** The team's public status page: the record, and the public model behind /status/<slug>. */
  statusPages: StatusPageService;
  /** The status page's subscribers: subscribe, confirm, unsubscribe (public), list and delete (admins). */
  subscribers: SubscriberService;
  /** Fans out what the status page shows to its subscribers and sends their outbox, with retries. */
  subscriberDeliveries: SubscriberDispatcher;
  /** Read-only uptime and response-time figures from rollups (charts, the monitors list). */
  monitorStats: MonitorStatsService;
  monitorMetrics: MonitorMetricsService;
  /** Runs each API call and CLI command as one audited call (its entry written with its change), and writes sign-ins. */
  auditTrail: AuditTrail;
  /** The team's audit log, for Admins and Owners: filtered, newest first, a page at a time. */
  auditLog: AuditLogService;
  /** The installation's regions: the built-in ones and LOOKOUT_EXTRA_REGIONS. */
  regionNames: RegionNames;
  /** Who serves each region (presence), staleness, and `GET /api/v1/regions`. */
  regions: RegionService;
  /** Installation-wide probe tokens (`lkb_…`), managed by the CLI. */
  probeTokens: ProbeTokenService;
  /** The signed leases of checks handed to probes. */
  probeLeases: ProbeLeases;
}

export interface ServiceDeps {
  config: Config;
  store: Store;
  coordination: Coordination;
  /** Defaults to in-process queues. */
  dispatcher?: CheckDispatcher;
  logger?: Logger;
  /** Delivery timing (backoff, retry window, polling); tests shorten it. */
  alerting?: Partial<DispatcherOptions>;
  /** Live stream limits (open streams per caller and per process) and polling; tests lower them. */
  live?: Partial<LiveOptions>;
  /** Where the rules read the time; the system clock by default. */
  clock?: Clock;
  /**
   * Each token's request budget: REQUESTS_PER_MINUTE in any 60 s unless a test shortens the window
   * (and the count) to walk across its edge in seconds, through the same sliding log.
   */
  requestBudget?: { points: number; durationSeconds: number };
}

export function createServices({
  config,
  store,
  coordination,
  dispatcher = new EmbeddedDispatcher(),
  logger,
  alerting,
  live,
  clock = systemClock,
  requestBudget = { points: REQUESTS_PER_MINUTE, durationSeconds: 60 },
}: ServiceDeps): Services {
  const tokens = new TokenService(store.db, clock);
  const auditTrail = new AuditTrail(store.db, store.dialect, clock);
  const keySource = createKeySource({ secretKey: config.secretKey, dialect: store.dialect, file: store.file });
  const secretBox = new SecretBox(keySource);
  // One per-account window for wrong passwords and wrong two-factor codes alike.
  const signInFailuresPerAccount = coordination.rateLimiter({
    name: 'sign-in-account',
    points: SIGN_IN_FAILURES_PER_ACCOUNT,
    durationSeconds: SIGN_IN_WINDOW_SECONDS,
  });
  const twoFactor = new TwoFactorService(store.db, secretBox, signInFailuresPerAccount, clock);
  const regionNames = new RegionNames(config.extraRegions);
  const sessions = new SessionService(
    store.db,
    signInFailuresPerAccount,
    coordination.rateLimiter({ name: 'sign-in-address', points: SIGN_IN_FAILURES_PER_ADDRESS, durationSeconds: SIGN_IN_WINDOW_SECONDS }),
    config.publicUrl.startsWith('https:'),
    clock,
    { twoFactor, passwordSignIn: !config.oidc?.only, providerName: config.oidc?.name },
    auditTrail,
  );
  const access = new AccessService(
    tokens,
    coordination.rateLimiter({ name: 'budget', ...requestBudget }),
    coordination.rateLimiter({ name: 'auth-failures', points: AUTH_FAILURES_PER_MINUTE, durationSeconds: 60 }),
    sessions,
  );
  const notificationPolicies = new NotificationPolicyService(store.db);
  const deliveries = new DeliveryDispatcher(store.db, secretBox, config, alerting, logger, clock);
  const acknowledgeLinks = new AcknowledgeLinks(secretBox, config.publicUrl);
  const alerts = new AlertProcessor(store.db, {
    publicUrl: config.publicUrl,
    acknowledgeLinks,
    pollIntervalMs: alerting?.pollIntervalMs,
    onDeliveries: () => deliveries.notify(),
    logger,
    clock,
  });
  const maintenanceWindows = new MaintenanceWindowService(store.db, clock);
  const subscriberLinks = new SubscriberLinks(secretBox, config.publicUrl);
  const subscriberDeliveries = new SubscriberDispatcher(
    store.db,
    secretBox,
    subscriberLinks,
    new NoticeFanout({ db: store.db, publicUrl: config.publicUrl, windows: maintenanceWindows, clock }),
    config,
    alerting,
    logger,
    clock,
  );
  const monitors = new MonitorService(
    store.db,
    secretBox,
    notificationPolicies,
    store.dialect,
    {
      maxMonitorsPerTeam: config.maxMonitorsPerTeam,
      publicUrl: config.publicUrl,
      rdap: rdapFor(config.rdapBootstrapUrl, `Lookout/${VERSION}`),
      regions: regionNames,
    },
    clock,
  );
  const services = {
    access,
    maintenanceWindows,
    tokens,
    teams: new TeamService(store.db, clock),
    users: new UserService(store.db, clock),
    monitors,
    checks: new CheckService(store.db, monitors, coordination.locks, dispatcher, clock),
    dispatcher,
    notificationPolicies,
    secrets: new SecretService(store.db, secretBox, keySource),
    incidents: new IncidentService(store.db, monitors, clock),
    acknowledgeLinks,
    alertPolicies: new AlertPolicyService(
      store.db,
      secretBox,
      deliveries,
      config.publicUrl,
      coordination.rateLimiter({ name: 'policy-test', points: POLICY_TESTS_PER_WINDOW, durationSeconds: POLICY_TEST_WINDOW_SECONDS }),
      clock,
    ),
    alerts,
    deliveries,
    deliveryLog: new DeliveryLogService(store.db),
    auditTrail,
    auditLog: new AuditLogService(store.db),
  };
  const accountMail = new AccountMailer(config, alerting?.timeoutMs ?? DEFAULT_DISPATCHER_OPTIONS.timeoutMs, logger);
  return {
    ...services,
    sessions,
    twoFactor,
    oidc: new OidcSignInService(
      store.db,
      config.oidc ? new OpenIdProvider(config.oidc) : null,
      sessions,
      coordination.rateLimiter({ name: 'oidc-start', points: OIDC_STARTS_PER_MINUTE, durationSeconds: 60 }),
      { publicUrl: config.publicUrl, passwordSignIn: !config.oidc?.only },
      clock,
    ),
    emailChanges: new EmailChangeService(store.db, sessions, config.publicUrl, accountMail, clock),
    personalTokens: new PersonalTokenService(store.db, tokens),
    teamTokens: new TeamTokenService(store.db, tokens, clock),
    teamMembers: new TeamMemberService(store.db, services.teams, services.users, sessions, config.publicUrl, accountMail),
    live: new LiveStatusService(store.db, sessions, services.monitors, live, clock),
    statusPages: new StatusPageService(store.db, config.publicUrl, store.dialect, clock, maintenanceWindows),
    subscribers: new SubscriberService(
      store.db,
      secretBox,
      subscriberLinks,
      coordination.rateLimiter({ name: 'status-subscribe', points: SUBSCRIBES_PER_ADDRESS_PER_HOUR, durationSeconds: 3600 }),
      subscriberDeliveries.mailConfigured,
      () => subscriberDeliveries.notify(),
      clock,
    ),
    subscriberDeliveries,
    monitorStats: new MonitorStatsService(store.db, services.monitors, clock, store.dialect),
    monitorMetrics: new MonitorMetricsService(store.db, store.dialect, clock),
    regionNames,
    regions: new RegionService(store.db, regionNames, clock),
    probeTokens: new ProbeTokenService(store.db, regionNames, clock),
    probeLeases: new ProbeLeases(secretBox),
  };
}
