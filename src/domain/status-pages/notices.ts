import { sql, type Kysely, type Transaction } from 'kysely';
import type { IncidentStatus, Severity } from '../../shared/vocabulary.js';
import type { Database } from '../../store/schema.js';
import { newId } from '../ids.js';
import { activeOccurrence, nextOccurrence } from '../maintenance/occurrences.js';
import type { MaintenanceWindowService, ScheduledWindow } from '../maintenance/service.js';
import { systemClock, type Clock } from '../ports/clock.js';
import { iso } from '../time.js';

/*
 * What a status page's subscribers are told: the incidents the page shows (opened, each posted
 * update, resolved) and the maintenance it shows (scheduled, started, ended), nothing else.
 *
 * An incident fact is written as a notice in the transaction of the change (so none is lost and
 * none is told of a change rolled back); a maintenance fact is found by comparing the windows with
 * the notices already written, its key unique per window, occurrence and kind, so that whichever
 * process finds it first writes it once. `NoticeFanout` then judges each notice against the page
 * as it is, and puts one delivery per confirmed subscriber in the subscribers' outbox (one at most:
 * a unique key on subscriber and notice).
 */

export const NOTICE_KINDS = [
  'incident.opened',
  'incident.updated',
  'incident.resolved',
  'maintenance.scheduled',
  'maintenance.started',
  'maintenance.ended',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** Maintenance starting within this long is on the page, and so is told as scheduled. */
const MAINTENANCE_AHEAD_MS = 7 * 86_400_000;
/** The longest occurrence (7 days) and some: a started notice older than this has had its end told. */
const STARTED_LOOKBACK_MS = 8 * 86_400_000;
/** Notices kept after being fanned out: maintenance keys must outlive the occurrences they name. */
const KEEP_NOTICES_MS = 30 * 86_400_000;

type Db = Kysely<Database> | Transaction<Database>;

/** What one notice says, as the page showed it when it was fanned out: the body of a webhook, the matter of an email. */
export interface NoticeContent {
  type: NoticeKind;
  id: string;
  occurredAt: string;
  page: { title: string; url: string };
  incident?: { id: string; title: string; status: IncidentStatus; severity: Severity; affects: string[]; url: string };
  /** The posted update this notice is about (the first one for an opened incident); null without one. */
  update?: { status: IncidentStatus | null; message: string; createdAt: string } | null;
  maintenance?: { id: string; title: string; startsAt: string; endsAt: string; affects: string[] };
}

/** The payload of a notice delivery in the subscribers' outbox. */
export interface NoticePayload {
  type: 'notice';
  notice: NoticeContent;
}

/**
 * Records that subscribers may be told of an incident change, in the transaction of that change.
 * `updateId`: the posted update the notice is about (for an opening, the first one if any).
 */
export async function recordIncidentNotice(
  trx: Db,
  kind: 'incident.opened' | 'incident.updated' | 'incident.resolved',
  incidentId: string,
  updateId: string | null,
  at: number,
): Promise<void> {
  await trx
    .insertInto('status_page_notices')
    .columns(['id', 'team_id', 'key', 'kind', 'subject_id', 'update_id', 'created_at', 'processed_at'])
    .expression((eb) =>
      eb
        .selectFrom('incidents')
        .select([
          sql.lit(newId(at)).as('id'),
          'team_id',
          sql.lit(`${kind}:${incidentId}:${updateId ?? ''}`).as('key'),
          sql.lit(kind).as('kind'),
          'id as subject_id',
          sql<string | null>`cast(${updateId} as text)`.as('update_id'),
          sql<number>`cast(${at} as bigint)`.as('created_at'),
          sql<null>`cast(null as bigint)`.as('processed_at'),
        ])
        .where('id', '=', incidentId),
    )
    .execute();
}

export interface FanoutOptions {
  db: Kysely<Database>;
  publicUrl: string;
  windows: Pick<MaintenanceWindowService, 'scheduled'>;
  clock?: Clock;
}

/** Turns notices into deliveries for the confirmed subscribers of the page that shows them. */
export class NoticeFanout {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;

  constructor(private readonly options: FanoutOptions) {
    this.db = options.db;
    this.clock = options.clock ?? systemClock;
  }

  /** Finds maintenance to tell, then fans out every notice not yet fanned out; answers how many deliveries were made. */
  async run(): Promise<number> {
    await this.findMaintenance(this.clock.now());
    let made = 0;
    for (;;) {
      const batch = await this.db
        .selectFrom('status_page_notices')
        .selectAll()
        .where('processed_at', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .limit(50)
        .execute();
      for (const notice of batch) made += await this.fanOut(notice);
      if (batch.length < 50) break;
    }
    const now = this.clock.now();
    await this.db
      .deleteFrom('status_page_notices')
      .where('processed_at', '<', now - KEEP_NOTICES_MS)
      .execute();
    return made;
  }

  private async fanOut(notice: {
    id: string;
    team_id: string;
    kind: string;
    subject_id: string;
    update_id: string | null;
    created_at: number;
  }): Promise<number> {
    const now = this.clock.now();
    // Read before the transaction: the windows are read through their service, on its own connection.
    const window = notice.kind.startsWith('maintenance.')
      ? (await this.options.windows.scheduled(notice.team_id)).find((w) => w.id === notice.subject_id)
      : undefined;
    return this.db.transaction().execute(async (trx) => {
      // Claimed by marking it: another process that reads it too finds it done and does nothing.
      const claimed = await trx
        .updateTable('status_page_notices')
        .set({ processed_at: now })
        .where('id', '=', notice.id)
        .where('processed_at', 'is', null)
        .executeTakeFirst();
      if (claimed.numUpdatedRows === 0n) return 0;
      const page = await trx.selectFrom('status_pages').select(['id', 'slug', 'title']).where('team_id', '=', notice.team_id).executeTakeFirst();
      if (!page) return 0;
      const confirmed = await trx
        .selectFrom('status_page_subscribers')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('page_id', '=', page.id)
        .where('state', '=', 'confirmed')
        .executeTakeFirst();
      if (Number(confirmed?.n ?? 0) === 0) return 0;
      const content = await this.describe(trx, notice, page, window);
      if (!content) return 0;
      const payload = JSON.stringify({ type: 'notice', notice: content } satisfies NoticePayload);
      // One statement for every confirmed subscriber; the id is the notice's and the subscriber's.
      const inserted = await trx
        .insertInto('subscriber_deliveries')
        .columns(['id', 'subscriber_id', 'notice_id', 'kind', 'payload', 'status', 'attempts', 'next_attempt_at', 'created_at', 'updated_at'])
        .expression((eb) =>
          eb
            .selectFrom('status_page_subscribers')
            .select([
              sql<string>`cast(${notice.id} as text) || ':' || id`.as('id'),
              'id as subscriber_id',
              sql<string>`cast(${notice.id} as text)`.as('notice_id'),
              sql.lit('notice').as('kind'),
              sql<string>`cast(${payload} as text)`.as('payload'),
              sql.lit('pending').as('status'),
              sql.lit(0).as('attempts'),
              sql<number>`cast(${now} as bigint)`.as('next_attempt_at'),
              sql<number>`cast(${now} as bigint)`.as('created_at'),
              sql<number>`cast(${now} as bigint)`.as('updated_at'),
            ])
            .where('page_id', '=', page.id)
            .where('state', '=', 'confirmed'),
        )
        .onConflict((oc) => oc.columns(['subscriber_id', 'notice_id']).doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0n);
    });
  }

  /** What the notice says as the page shows it; undefined when the page does not show it (a monitor it does not list, an unposted update). */
  private async describe(
    trx: Db,
    notice: { id: string; kind: string; subject_id: string; update_id: string | null; created_at: number },
    page: { id: string; slug: string; title: string },
    window: ScheduledWindow | undefined,
  ): Promise<NoticeContent | undefined> {
    const pageUrl = `${this.options.publicUrl}/status/${page.slug}`;
    const listed = new Map(
      (
        await trx
          .selectFrom('status_page_monitors as l')
          .innerJoin('monitors as m', 'm.id', 'l.monitor_id')
          .select(['m.id', 'm.name'])
          .where('l.page_id', '=', page.id)
          .where('m.deleted_at', 'is', null)
          .execute()
      ).map((m) => [m.id, m.name]),
    );
    const common = { type: notice.kind as NoticeKind, id: notice.id, occurredAt: iso(notice.created_at), page: { title: page.title, url: pageUrl } };
    if (notice.kind.startsWith('maintenance.')) {
      if (!window || !window.showOnStatusPage) return undefined;
      const affects = window.monitorIds.filter((id) => listed.has(id)).map((id) => listed.get(id)!);
      if (affects.length === 0) return undefined;
      const start = Number(notice.update_id);
      return {
        ...common,
        maintenance: { id: window.id, title: window.title, startsAt: iso(start), endsAt: iso(start + (window.endsAt - window.startsAt)), affects },
      };
    }
    const incident = await trx.selectFrom('incidents').selectAll().where('id', '=', notice.subject_id).executeTakeFirst();
    if (!incident || (incident.monitor_id !== null && !listed.has(incident.monitor_id))) return undefined;
    const update = notice.update_id
      ? await trx.selectFrom('incident_updates').selectAll().where('id', '=', notice.update_id).executeTakeFirst()
      : await trx
          .selectFrom('incident_updates')
          .selectAll()
          .where('incident_id', '=', incident.id)
          .where('posted_to_status_page', '=', 1)
          .orderBy('created_at')
          .limit(1)
          .executeTakeFirst();
    if (notice.kind === 'incident.updated' && (!update || update.posted_to_status_page !== 1)) return undefined;
    const status: IncidentStatus =
      notice.kind === 'incident.resolved' ? 'resolved' : ((update?.status as IncidentStatus | null) ?? (incident.status as IncidentStatus));
    return {
      ...common,
      incident: {
        id: incident.id,
        title: incident.title,
        status,
        severity: incident.severity as Severity,
        affects: incident.monitor_id ? [listed.get(incident.monitor_id)!] : [],
        url: `${pageUrl}#incident-${incident.id}`,
      },
      update:
        update && update.posted_to_status_page === 1
          ? { status: update.status as IncidentStatus | null, message: update.message, createdAt: iso(update.created_at) }
          : null,
    };
  }

  /**
   * Maintenance of pages with confirmed subscribers, compared with what was told: an occurrence
   * shown as upcoming is told as scheduled, one under way as started, and one told as started that
   * is no longer under way (it ended, was ended early or its window was deleted) as ended.
   */
  private async findMaintenance(now: number): Promise<void> {
    const pages = await this.db
      .selectFrom('status_pages as p')
      .select(['p.id', 'p.team_id'])
      .where((eb) =>
        eb.exists(eb.selectFrom('status_page_subscribers as s').select('s.id').whereRef('s.page_id', '=', 'p.id').where('s.state', '=', 'confirmed')),
      )
      .execute();
    for (const page of pages) {
      const listed = new Set(
        (await this.db.selectFrom('status_page_monitors').select('monitor_id').where('page_id', '=', page.id).execute()).map((r) => r.monitor_id),
      );
      const windows = (await this.options.windows.scheduled(page.team_id)).filter((w) => w.showOnStatusPage && w.monitorIds.some((id) => listed.has(id)));
      const activeNow = new Set<string>();
      for (const w of windows) {
        const active = activeOccurrence(w, now);
        if (active) {
          activeNow.add(`${w.id}:${active.start}`);
          await this.tell(page.team_id, 'maintenance.started', w.id, active.start, now);
        }
        const next = nextOccurrence(w, now);
        if (next && next.start > now && next.start <= now + MAINTENANCE_AHEAD_MS) await this.tell(page.team_id, 'maintenance.scheduled', w.id, next.start, now);
      }
      const started = await this.db
        .selectFrom('status_page_notices')
        .select(['subject_id', 'update_id'])
        .where('team_id', '=', page.team_id)
        .where('kind', '=', 'maintenance.started')
        .where('created_at', '>=', now - STARTED_LOOKBACK_MS)
        .execute();
      for (const s of started) {
        if (!activeNow.has(`${s.subject_id}:${s.update_id ?? ''}`)) await this.tell(page.team_id, 'maintenance.ended', s.subject_id, Number(s.update_id), now);
      }
    }
  }

  private async tell(teamId: string, kind: NoticeKind, windowId: string, start: number, now: number): Promise<void> {
    await this.db
      .insertInto('status_page_notices')
      .values({
        id: newId(now),
        team_id: teamId,
        key: `${kind}:${windowId}:${start}`,
        kind,
        subject_id: windowId,
        update_id: String(start),
        created_at: now,
        processed_at: null,
      })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
}
