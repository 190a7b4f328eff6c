import { useState } from 'react';
import { api } from '../api/client.js';
import { Button, Card, ConfirmDialog, CopyButton, EmptyState, ErrorState, Loading, fieldError, useToast } from '../components/ui.js';
import type { ApiError } from '../api/errors.js';
import { dateTime } from '../format.js';
import { useGet } from '../hooks.js';

type Group = { name: string; monitorIds: string[] };
type MonitorName = { id: string; name: string };

/**
 * The groups of the page: named headings in order, each holding some of the page's monitors
 * (chosen per monitor below them). Monitors in no group come last on the page.
 */
export function GroupsEditor({
  groups,
  setGroups,
  shown,
  error,
}: {
  groups: Group[];
  setGroups: (update: (groups: Group[]) => Group[]) => void;
  shown: MonitorName[];
  error: ApiError | null | undefined;
}) {
  const groupOf = (id: string) => groups.findIndex((g) => g.monitorIds.includes(id));
  const place = (id: string, target: number) =>
    setGroups((gs) =>
      gs.map((g, i) => {
        const without = g.monitorIds.filter((x) => x !== id);
        return { ...g, monitorIds: i === target ? [...without, id] : without };
      }),
    );
  const move = (index: number, by: number) =>
    setGroups((gs) => {
      const next = [...gs];
      const [moved] = next.splice(index, 1);
      next.splice(index + by, 0, moved!);
      return next;
    });
  const groupsError = fieldError(error, 'groups');
  return (
    <fieldset className={`field ${groupsError ? 'field-invalid' : ''}`} aria-describedby="sp-groups-hint">
      <legend className="label">Groups</legend>
      <p className="field-hint" id="sp-groups-hint">
        Optional headings such as “Website” or “API”, shown in this order; monitors in no group follow them.
      </p>
      {groups.map((g, i) => (
        <div className="group-row" key={i} role="group" aria-label={`Group ${i + 1}`}>
          <label className="sr-only" htmlFor={`sp-group-${i}`}>
            Name of group {i + 1}
          </label>
          <input
            id={`sp-group-${i}`}
            value={g.name}
            aria-invalid={fieldError(error, `groups.${i}.name`) ? true : undefined}
            onChange={(e) => setGroups((gs) => gs.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))}
            placeholder={`Group ${i + 1}`}
          />
          <Button size="sm" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Move group ${i + 1} up`}>
            Up
          </Button>
          <Button size="sm" icon="trash" onClick={() => setGroups((gs) => gs.filter((_, j) => j !== i))} aria-label={`Remove group ${i + 1}`}>
            Remove
          </Button>
          {fieldError(error, `groups.${i}.name`) && <p className="field-error">{fieldError(error, `groups.${i}.name`)}</p>}
        </div>
      ))}
      <div>
        <Button size="sm" icon="plus" onClick={() => setGroups((gs) => [...gs, { name: '', monitorIds: [] }])} disabled={groups.length >= 20}>
          Add group
        </Button>
      </div>
      {groups.length > 0 && shown.length > 0 && (
        <ul className="group-places">
          {shown.map((m) => (
            <li key={m.id}>
              <label htmlFor={`sp-place-${m.id}`}>{m.name}</label>
              <select id={`sp-place-${m.id}`} value={groupOf(m.id)} onChange={(e) => place(m.id, Number(e.target.value))}>
                <option value={-1}>No group</option>
                {groups.map((g, i) => (
                  <option key={i} value={i}>
                    {g.name || `Group ${i + 1}`}
                  </option>
                ))}
              </select>
            </li>
          ))}
        </ul>
      )}
      {groupsError && <p className="field-error">{groupsError}</p>}
    </fieldset>
  );
}

/** Badge URLs with their Markdown, to copy into a README: the page's state, then each monitor's state and uptime. */
export function BadgesCard({ url, monitors }: { url: string; monitors: MonitorName[] }) {
  const rows = [
    { label: 'Overall status', markdown: `[![status](${url}/badge.svg)](${url})` },
    ...monitors.flatMap((m, i) => [
      { label: `${m.name}: status`, markdown: `[![${m.name} status](${url}/badge/${i + 1}.svg)](${url})` },
      { label: `${m.name}: uptime, 30 days`, markdown: `[![${m.name} uptime](${url}/badge/${i + 1}.svg?metric=uptime&days=30)](${url})` },
    ]),
  ];
  return (
    <Card title="Badges">
      <p className="muted small">SVG badges for a README or another page; they follow the page’s order (groups first) and refresh every minute.</p>
      <ul className="badge-list">
        {rows.map((r) => (
          <li key={r.label}>
            <span className="badge-label">{r.label}</span>
            <code className="badge-markdown">{r.markdown}</code>
            <CopyButton text={r.markdown} label="Copy Markdown" name={`Copy Markdown: ${r.label}`} />
          </li>
        ))}
      </ul>
    </Card>
  );
}

type Subscriber = { id: string; address: string };

/** Who is told of the page's incidents and maintenance (Admins and Owners): pending until they confirm. */
export function SubscribersCard() {
  const list = useGet('/api/v1/status-pages/current/subscribers');
  const toast = useToast();
  const [removing, setRemoving] = useState<Subscriber | null>(null);
  return (
    <Card title="Subscribers" className="table-card">
      {list.error ? (
        <ErrorState error={list.error} onRetry={() => void list.reload()} title="Could not load the subscribers" />
      ) : !list.data ? (
        <Loading />
      ) : list.data.data.length === 0 ? (
        <EmptyState icon="bell" title="No subscribers yet">
          Visitors subscribe by email or webhook on the public page; they are listed here.
        </EmptyState>
      ) : (
        <table className="table stack-table subscribers-table">
          <thead>
            <tr>
              <th scope="col">Address</th>
              <th scope="col">Kind</th>
              <th scope="col">State</th>
              <th scope="col">Since</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.data.map((s) => (
              <tr key={s.id}>
                <td data-label="Address" className="break">
                  {s.address}
                </td>
                <td data-label="Kind">{s.kind === 'email' ? 'Email' : 'Webhook'}</td>
                <td data-label="State">{s.state === 'confirmed' ? 'Confirmed' : 'Waiting for confirmation'}</td>
                <td data-label="Since">{dateTime(s.createdAt)}</td>
                <td>
                  <Button size="sm" variant="danger" icon="trash" onClick={() => setRemoving(s)} aria-label={`Remove ${s.address}`}>
                    Remove
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {removing && (
        <ConfirmDialog
          title="Remove this subscriber?"
          confirmLabel="Remove"
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            await api.DELETE('/api/v1/status-pages/current/subscribers/{id}', { params: { path: { id: removing.id } } });
            toast('success', 'Subscriber removed');
            void list.reload();
          }}
        >
          <p>{removing.address} is told nothing more. They may subscribe again on the public page.</p>
        </ConfirmDialog>
      )}
    </Card>
  );
}
