import { useId } from 'react';
import type { ApiError } from '../api/errors.js';
import { REQUEST_LIMITS } from '../../../src/shared/limits.js';
import { rowErrors } from './row-errors.js';
import { Button } from './ui.js';

/** One request header as the form holds it. */
export interface HeaderRow {
  key: number;
  name: string;
  value: string;
  /** A secret header whose value is stored: shown as "set", typed again only to change the headers. */
  stored?: boolean;
}

let nextKey = 1;

export function headerRows(headers: readonly { name: string; value: string }[]): HeaderRow[] {
  return headers.map(({ name, value }) => ({ key: nextKey++, name, value }));
}

export function headerBodies(rows: readonly HeaderRow[]): { name: string; value: string }[] {
  return rows.map(({ name, value }) => ({ name, value }));
}

/**
 * Headers a request sends (an HTTP monitor's, a custom notification channel's): rows of name and
 * value, the API's messages beside each. `field` is where the API names them.
 */
export function HeaderEditor({
  rows,
  onChange,
  error,
  field = 'headers',
  label = 'Request headers',
  hint = 'Sent with every check, and shown to your team: put credentials under Authentication instead.',
  secret = false,
}: {
  rows: HeaderRow[];
  onChange: (rows: HeaderRow[]) => void;
  error: ApiError | null;
  field?: string;
  label?: string;
  hint?: string;
  /** Values are write-only: typed into password fields, a stored one shown as "set". */
  secret?: boolean;
}) {
  const id = useId();
  const listError = error?.fieldMessage(field);
  const update = (index: number, row: HeaderRow) => onChange(rows.map((r, i) => (i === index ? row : r)));
  return (
    <div className="row-editor" role="group" aria-labelledby={`${id}-label`}>
      <span className="label" id={`${id}-label`}>
        {label} <span className="optional">(optional)</span>
      </span>
      <p className="field-hint">{hint}</p>
      {rows.map((row, index) => {
        const errors = rowErrors(error, field, index);
        const n = index + 1;
        const invalid = (part: string) => errors.some((e) => e.part === part || e.part === '');
        const describedBy = errors.length > 0 ? `${id}-${row.key}-errors` : undefined;
        return (
          <div key={row.key} className={`editor-row ${errors.length > 0 ? 'editor-row-invalid' : ''}`} role="group" aria-label={`Header ${n}`}>
            <div className="editor-row-fields">
              <input
                aria-label={`Header ${n} name`}
                placeholder={secret ? 'Authorization' : 'Accept'}
                value={row.name}
                onChange={(e) => update(index, { ...row, name: e.target.value })}
                aria-invalid={invalid('name')}
                aria-describedby={describedBy}
              />
              <input
                aria-label={`Header ${n} value`}
                placeholder={secret ? (row.stored ? 'set' : 'secret value') : 'application/json'}
                type={secret ? 'password' : 'text'}
                autoComplete={secret ? 'new-password' : undefined}
                value={row.value}
                onChange={(e) => update(index, { ...row, value: e.target.value })}
                aria-invalid={invalid('value')}
                aria-describedby={describedBy}
              />
              <Button size="sm" variant="ghost" icon="trash" aria-label={`Remove header ${n}`} onClick={() => onChange(rows.filter((_, i) => i !== index))} />
            </div>
            {errors.length > 0 && (
              <div id={describedBy}>
                {errors.map((e) => (
                  <p className="field-error" key={e.part}>
                    {e.part === '' ? 'This header' : `The ${e.part}`} {e.message}
                  </p>
                ))}
              </div>
            )}
          </div>
        );
      })}
      {listError && <p className="field-error">{listError}</p>}
      <div>
        <Button
          size="sm"
          icon="plus"
          onClick={() => onChange([...rows, { key: nextKey++, name: '', value: '' }])}
          disabled={rows.length >= REQUEST_LIMITS.headers}
        >
          Add header
        </Button>
      </div>
    </div>
  );
}
