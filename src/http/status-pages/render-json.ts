import type { PublicIncident, PublicStatusPage } from '../../domain/status-pages.js';
import { OVERALL_TEXT } from './format.js';

/**
 * The public JSON summary: the same data as the page, nothing more. A monitor's `target` is there
 * only when the page shows targets.
 */
export function renderJson(view: PublicStatusPage): string {
  return JSON.stringify({
    page: { slug: view.slug, title: view.title, url: view.url, feedUrl: `${view.url}/feed.atom` },
    status: view.status,
    description: OVERALL_TEXT[view.status],
    updatedAt: view.updatedAt,
    monitors: view.monitors.map((m) => ({
      id: m.id,
      name: m.name,
      ...(view.showTargets && { target: m.target }),
      status: m.status,
      uptime90d: m.uptime90d,
      uptime30d: m.uptime30d,
      days: m.days,
    })),
    activeIncidents: view.activeIncidents.map(incident),
    recentIncidents: view.recentIncidents.map(incident),
    maintenance: view.maintenance,
  });
}

function incident(i: PublicIncident) {
  return {
    id: i.id,
    title: i.title,
    status: i.status,
    severity: i.severity,
    affects: i.affects,
    createdAt: i.createdAt,
    resolvedAt: i.resolvedAt,
    updatedAt: i.updatedAt,
    updates: i.updates,
  };
}

/**
 * `/status/<slug>/index.json`: what the HTML shows, in its order: the title, the overall state,
 * the groups (the monitors in no group last, under a null name) with each monitor's name, state
 * and 90-day uptime, the incidents with their posted updates, and the maintenance shown.
 */
export function renderIndex(view: PublicStatusPage): string {
  return JSON.stringify({
    title: view.title,
    url: view.url,
    status: view.status,
    description: OVERALL_TEXT[view.status],
    updatedAt: view.updatedAt,
    groups: view.sections.map((section) => ({
      name: section.name,
      monitors: section.monitors.map((m) => ({ name: m.name, status: m.status, uptime90d: m.uptime90d })),
    })),
    activeIncidents: view.activeIncidents.map(incident),
    recentIncidents: view.recentIncidents.map(incident),
    maintenance: view.maintenance,
  });
}
