import { useState } from 'react';
import { api } from '../api/client.js';
import type { ApiError } from '../api/errors.js';
import type { Monitor } from '../api/types.js';
import { usePermissions } from '../session.js';
import { useSubmit } from '../use-submit.js';
import { Button, ConfirmDialog, Notice } from './ui.js';

/** Which monitors of the list are ticked; ids that leave the list (deleted, filtered out) stop counting. */
export interface Selection {
  selected: ReadonlySet<string>;
  toggle(id: string): void;
  /** Ticks every shown monitor, or unticks them all when all are ticked. */
  toggleShown(): void;
  clear(): void;
  allShown: boolean;
  someShown: boolean;
}

export function useSelection(shownIds: readonly string[]): Selection {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const selected = new Set(shownIds.filter((id) => ticked.has(id)));
  const allShown = shownIds.length > 0 && selected.size === shownIds.length;
  return {
    selected,
    allShown,
    someShown: selected.size > 0 && !allShown,
    toggle: (id) =>
      setTicked((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    toggleShown: () => setTicked(allShown ? new Set() : new Set(shownIds)),
    clear: () => setTicked(new Set()),
  };
}

/** The header's box: all shown monitors, with the mixed state when some are ticked. */
export function SelectShownBox({ selection }: { selection: Selection }) {
  return (
    <input
      type="checkbox"
      className="select-box"
      aria-label="Select all shown monitors"
      checked={selection.allShown}
      ref={(box) => {
        if (box) box.indeterminate = selection.someShown;
      }}
      onChange={() => selection.toggleShown()}
    />
  );
}

/** A row's box; a click on it selects, it does not open the monitor. */
export function SelectBox({ selection, monitor }: { selection: Selection; monitor: Pick<Monitor, 'id' | 'name'> }) {
  return (
    <input
      type="checkbox"
      className="select-box"
      aria-label={`Select ${monitor.name}`}
      checked={selection.selected.has(monitor.id)}
      onClick={(e) => e.stopPropagation()}
      onChange={() => selection.toggle(monitor.id)}
    />
  );
}

type Action = 'pause' | 'resume' | 'delete';

const DONE: Record<Action, string> = { pause: 'Paused', resume: 'Resumed', delete: 'Deleted' };

interface Outcome {
  action: Action;
  done: string[];
  refused: Array<{ name: string; why: string }>;
}

/** One call per monitor, a few at a time: each is judged by the same rules as a single pause, resume or delete. */
async function runEach(action: Action, monitors: readonly Monitor[]): Promise<Outcome> {
  const outcome: Outcome = { action, done: [], refused: [] };
  const queue = [...monitors];
  const worker = async () => {
    for (let m = queue.shift(); m; m = queue.shift()) {
      const params = { params: { path: { id: m.id } } };
      try {
        if (action === 'pause') await api.POST('/api/v1/monitors/{id}/pause', params);
        else if (action === 'resume') await api.POST('/api/v1/monitors/{id}/resume', params);
        else await api.DELETE('/api/v1/monitors/{id}', params);
        outcome.done.push(m.name);
      } catch (error) {
        outcome.refused.push({ name: m.name, why: (error as ApiError).detail });
      }
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return outcome;
}

/**
 * What can be done to the ticked monitors at once, and what came of it: how many succeeded, and
 * each refusal with the API's reason.
 */
export function BulkActions({ selection, monitors, onChanged }: { selection: Selection; monitors: readonly Monitor[]; onChanged: () => void }) {
  const { canAdmin } = usePermissions();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [confirming, setConfirming] = useState(false);
  const chosen = monitors.filter((m) => selection.selected.has(m.id));
  const act = useSubmit(async (action: Action) => {
    setOutcome(null);
    const result = await runEach(action, chosen);
    setOutcome(result);
    if (result.refused.length === 0) selection.clear();
    onChanged();
  });
  return (
    <>
      {outcome && (
        <Notice kind={outcome.refused.length === 0 ? 'success' : outcome.done.length === 0 ? 'error' : 'warning'}>
          <span data-testid="bulk-summary">
            {outcome.done.length > 0 && `${DONE[outcome.action]} ${outcome.done.length} monitor${outcome.done.length === 1 ? '' : 's'}.`}
            {outcome.refused.length > 0 && ` ${outcome.refused.length} refused:`}
          </span>
          {outcome.refused.length > 0 && (
            <ul>
              {outcome.refused.map((r) => (
                <li key={r.name}>
                  <strong>{r.name}</strong>: {r.why}
                </li>
              ))}
            </ul>
          )}
        </Notice>
      )}
      {chosen.length > 0 && (
        <div className="bulk-bar" role="region" aria-label="Selected monitors">
          <span className="bulk-count">{chosen.length} selected</span>
          <Button size="sm" icon="pause" busy={act.busy} onClick={() => void act.run('pause')}>
            Pause
          </Button>
          <Button size="sm" icon="play" busy={act.busy} onClick={() => void act.run('resume')}>
            Resume
          </Button>
          {canAdmin && (
            <Button size="sm" variant="danger" icon="trash" disabled={act.busy} onClick={() => setConfirming(true)}>
              Delete
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => selection.clear()}>
            Clear selection
          </Button>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title={`Delete ${chosen.length} monitor${chosen.length === 1 ? '' : 's'}?`}
          confirmLabel={`Delete ${chosen.length}`}
          onClose={() => setConfirming(false)}
          onConfirm={() => act.run('delete')}
        >
          <p>
            {chosen.map((m) => m.name).join(', ')} will no longer be checked or listed, and their stored credentials are erased. Their incidents stay. This
            cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
