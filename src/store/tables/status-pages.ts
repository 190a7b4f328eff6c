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

export interface StatusPageTables {
  status_pages: StatusPagesTable;
  status_page_monitors: StatusPageMonitorsTable;
}
