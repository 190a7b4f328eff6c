import { useId, useState } from 'react';
import { Icon } from './icons.js';

export interface PickerOption {
  value: string;
  label: string;
}

/**
 * Many monitors to choose from: a search that narrows the list, "Select all shown" and "Clear",
 * and a count of what is chosen. The choice keeps the list's order, also for monitors the search
 * hides at the moment.
 */
export function MonitorPicker({
  label,
  options,
  selected,
  onChange,
  error,
  hint,
}: {
  label: string;
  options: readonly PickerOption[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
  hint?: string;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  const shown = needle ? options.filter((o) => o.label.toLowerCase().includes(needle)) : options;
  const ordered = (chosen: Set<string>) => options.map((o) => o.value).filter((v) => chosen.has(v));
  const toggle = (value: string) => {
    const chosen = new Set(selected);
    if (chosen.has(value)) chosen.delete(value);
    else chosen.add(value);
    onChange(ordered(chosen));
  };
  return (
    <div className={`field monitor-picker ${error ? 'field-invalid' : ''}`} role="group" aria-labelledby={`${id}-label`}>
      <span className="label" id={`${id}-label`}>
        {label}{' '}
        <span className="muted">
          ({selected.length} of {options.length} chosen)
        </span>
      </span>
      <div className="picker-tools">
        <span className="search">
          <Icon name="search" size={16} />
          <input
            type="search"
            aria-label={`Search ${label.toLowerCase()}`}
            placeholder="Search by name"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </span>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => onChange(ordered(new Set([...selected, ...shown.map((o) => o.value)])))}>
          {needle ? 'Select all shown' : 'Select all'}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" disabled={selected.length === 0} onClick={() => onChange([])}>
          Clear
        </button>
      </div>
      <ul className="check-list picker-list">
        {shown.map((o) => (
          <li key={o.value}>
            <label className="check">
              <input type="checkbox" name="monitorIds" value={o.value} checked={selected.includes(o.value)} onChange={() => toggle(o.value)} />
              <span>{o.label}</span>
            </label>
          </li>
        ))}
        {shown.length === 0 && <li className="muted">No monitor matches “{query}”.</li>}
      </ul>
      {error ? (
        <p className="field-error" data-field-error>
          <Icon name="alert" size={14} /> {error}
        </p>
      ) : (
        hint && <p className="field-hint">{hint}</p>
      )}
    </div>
  );
}
