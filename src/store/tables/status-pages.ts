/** A team's public status page (at most one per team; the slug is unique across teams). */
export interface StatusPagesTable {
  id: string;
  /** Unique: one page per team. */
  team_id: string;
  /** Unique across teams, `^[a-z0-9-]{1,64}$`: the page is at `/status/<slug>`. */
  slug: string;
  title: string;
  /** 1: the page shows each monitor's host (never a URL's path, query or credentials). */
  show_targets: number;
  /** JSON `[{"name", "monitorIds"}]`, in display order; null without groups. */
  groups: string | null;
  /** Lower case; unique across teams; null when the page has none. */
  custom_domain: string | null;
  created_at: number;
  updated_at: number;
}

/** The monitors a page lists, in display order. Soft-deleted monitors are left out when read. */
export interface StatusPageMonitorsTable {
  page_id: string;
  /** 0-based display order. */
  position: number;
  monitor_id: string;
}

/** Someone told of what a page shows: by email or by webhook. */
export interface StatusPageSubscribersTable {
  id: string;
  page_id: string;
  /** email | webhook */
  kind: string;
  /** The address as given: an email address or a webhook URL. */
  address: string;
  /** What makes two subscriptions the same: the email address in lower case, the URL as given. */
  address_key: string;
  /** pending | confirmed | unsubscribed */
  state: string;
  /** When the subscriber last became pending: a confirmation link names it, so an older link is worth nothing. */
  pending_since: number;
  /** A webhook subscriber's signing secret, sealed by the secret box; null for email. */
  secret: string | null;
  created_at: number;
  confirmed_at: number | null;
  updated_at: number;
}

/** A fact a page's subscribers may be told of (see status-pages/notices.ts). */
export interface StatusPageNoticesTable {
  id: string;
  team_id: string;
  /** Unique: an incident fact by its own id, a maintenance fact by window, occurrence and kind. */
  key: string;
  /** incident.opened | incident.updated | incident.resolved | maintenance.scheduled | maintenance.started | maintenance.ended */
  kind: string;
  /** The incident or the maintenance window. */
  subject_id: string;
  /** The posted update (incident.updated), or the occurrence's start in ms as text (maintenance). */
  update_id: string | null;
  created_at: number;
  /** When it was fanned out to the subscribers of the page (or found to concern none). */
  processed_at: number | null;
}

/** The subscribers' outbox, sent with retries like the alert outbox. */
export interface SubscriberDeliveriesTable {
  id: string;
  subscriber_id: string;
  /** Null for a confirmation request. */
  notice_id: string | null;
  /** confirm | notice */
  kind: string;
  /** JSON of what is sent, rendered once; links that hold a capability are added when sending. */
  payload: string;
  /** pending | delivered | failed */
  status: string;
  attempts: number;
  next_attempt_at: number;
  lease_until: number | null;
  lease_token: string | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
  delivered_at: number | null;
}

export interface StatusPageTables {
  status_pages: StatusPagesTable;
  status_page_monitors: StatusPageMonitorsTable;
  status_page_subscribers: StatusPageSubscribersTable;
  status_page_notices: StatusPageNoticesTable;
  subscriber_deliveries: SubscriberDeliveriesTable;
}
