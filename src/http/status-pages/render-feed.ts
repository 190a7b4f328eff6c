import type { PublicIncident, PublicStatusPage } from '../../domain/status-pages.js';
import { VERSION } from '../../version.js';
import { INCIDENT_STATUS_TEXT, SEVERITY_TEXT } from '../../shared/vocabulary.js';
import { dateTime, escape } from './format.js';

/**
 * Atom 1.0 (RFC 4287) of the incidents the page shows: open ones and those resolved within
 * 14 days, one entry each, newest activity first. An entry's content is its posted timeline.
 */
export function renderAtom(view: PublicStatusPage): string {
  const feedUrl = `${view.url}/feed.atom`;
  const entries = [...view.activeIncidents, ...view.recentIncidents].sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
<id>urn:uuid:${view.pageId}</id>
<title>${escape(view.title)}: incidents</title>
<subtitle>Incidents and their updates, as posted on the status page.</subtitle>
<updated>${view.updatedAt}</updated>
<link rel="self" type="application/atom+xml" href="${escape(feedUrl)}"/>
<link rel="alternate" type="text/html" href="${escape(view.url)}"/>
<author><name>${escape(view.title)}</name><uri>${escape(view.url)}</uri></author>
<generator version="${escape(VERSION)}">Lookout</generator>
${entries.map((incident) => entry(view, incident)).join('\n')}
</feed>
`;
}

function entry(view: PublicStatusPage, incident: PublicIncident): string {
  const state = INCIDENT_STATUS_TEXT[incident.status];
  const latest = incident.updates[0];
  const summary = latest ? `${latest.status ? INCIDENT_STATUS_TEXT[latest.status] : 'Update'}: ${latest.message}` : `${state}.`;
  return `<entry>
<id>urn:uuid:${incident.id}</id>
<title>${escape(`${incident.title} (${state})`)}</title>
<published>${incident.createdAt}</published>
<updated>${incident.updatedAt}</updated>
<link rel="alternate" type="text/html" href="${escape(`${view.url}#incident-${incident.id}`)}"/>
<category term="${incident.severity}" label="${SEVERITY_TEXT[incident.severity]} impact"/>
<summary>${escape(summary)}</summary>
<content type="html">${escape(contentHtml(incident))}</content>
</entry>`;
}

function contentHtml(incident: PublicIncident): string {
  const head = `<p><strong>${INCIDENT_STATUS_TEXT[incident.status]}</strong> · ${SEVERITY_TEXT[incident.severity]} impact${
    incident.affects.length > 0 ? ` · Affects ${escape(incident.affects.join(', '))}` : ''
  }</p>`;
  const updates = incident.updates.map(
    (u) => `<li><p><strong>${u.status ? INCIDENT_STATUS_TEXT[u.status] : 'Update'}</strong> (${dateTime(u.createdAt)}): ${escape(u.message)}</p></li>`,
  );
  return updates.length > 0 ? `${head}<ul>${updates.join('')}</ul>` : head;
}
