import { useId } from 'react';
import type { ApiError } from '../api/errors.js';
import { SOURCE_TEXT, jsonText, jsonValue, opText, type Assertion } from '../assertions.js';
import { ASSERTION_LIMITS } from '../../../src/shared/limits.js';
import { ASSERTION_OPS, VALUELESS_OPS, type AssertionSeverity, type AssertionSource } from '../../../src/shared/vocabulary.js';
import { rowErrors, type RowError } from './row-errors.js';
import { Button } from './ui.js';

/** One assertion as the form holds it: every field as typed. */
export interface AssertionRow {
  /** Keeps each row's inputs in place when another row is removed. */
  key: number;
  source: AssertionSource;
  op: string;
  /** The JSON path (json) or the header name (header). */
  target: string;
  /** As typed; the records of an answer's `eq`, one a line. */
  value: string;
  severity: AssertionSeverity;
}

export const ASSERTION_PART_LABELS: Record<string, string> = {
  source: 'source',
  op: 'operator',
  path: 'path',
  name: 'header name',
  value: 'value',
  severity: 'severity',
};

let nextKey = 1;

export function assertionRows(assertions: readonly Assertion[]): AssertionRow[] {
  return assertions.map((a) => ({
    key: nextKey++,
    source: a.source,
    op: a.op,
    target: a.source === 'json' ? a.path : a.source === 'header' ? a.name : '',
    value: a.value === undefined ? '' : a.source === 'json' ? jsonText(a.value) : Array.isArray(a.value) ? a.value.join('\n') : String(a.value),
    severity: a.severity,
  }));
}

const needsValue = (op: string) => !(VALUELESS_OPS as readonly string[]).includes(op);
/** An answer's `eq` lists the records, one a line. */
const takesList = (row: Pick<AssertionRow, 'source' | 'op'>) => row.source === 'answer' && row.op === 'eq';

/** The records of a list typed one a line; blank lines are not records. */
function lines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The assertions as the API takes them. A value left empty is not sent, so that the API names what is missing. */
export function assertionBodies(rows: readonly AssertionRow[]): Record<string, unknown>[] {
  return rows.map((row) => {
    const body: Record<string, unknown> = { source: row.source };
    if (row.source === 'json') body.path = row.target;
    if (row.source === 'header') body.name = row.target;
    body.op = row.op;
    if (needsValue(row.op) && row.value !== '') {
      if (row.source === 'json') body.value = jsonValue(row.value);
      else if (takesList(row)) body.value = lines(row.value);
      else if (row.source === 'responseTime' || row.source === 'packetLoss')
        body.value = /^\s*-?\d+(\.\d+)?\s*$/.test(row.value) ? Number(row.value) : row.value;
      else body.value = row.value;
    }
    body.severity = row.severity;
    return body;
  });
}

const PLACEHOLDERS: Record<AssertionSource, string> = {
  body: 'text, or an RE2 pattern',
  json: '"ok", 3, true, null, […]',
  header: 'text, or an RE2 pattern',
  responseTime: 'milliseconds',
  answer: 'a record, such as 10 mail.example.com',
  packetLoss: 'percent, 0 to 100',
};

/**
 * The assertions of a monitor, on the `sources` its type judges: one row each, the API's messages
 * beside the row they concern. `none` says what decides a check without any.
 */
export function AssertionEditor({
  rows,
  onChange,
  error,
  sources,
  none,
}: {
  rows: AssertionRow[];
  onChange: (rows: AssertionRow[]) => void;
  error: ApiError | null;
  sources: readonly AssertionSource[];
  none: string;
}) {
  const id = useId();
  const listError = error?.fieldMessage('assertions');
  const update = (index: number, row: AssertionRow) => onChange(rows.map((r, i) => (i === index ? row : r)));
  const add = () => {
    const source = sources[0]!;
    onChange([...rows, { key: nextKey++, source, op: ASSERTION_OPS[source][0], target: '', value: '', severity: 'fail' }]);
  };
  return (
    <div className="row-editor" role="group" aria-labelledby={`${id}-label`}>
      {/* The form's section already says so on screen. */}
      <span className="sr-only" id={`${id}-label`}>
        Assertions
      </span>
      {rows.length === 0 ? (
        <p className="field-hint">{none}</p>
      ) : (
        <p className="field-hint">All must hold. Those that fail the check make the monitor down; those that mark it degraded only warn.</p>
      )}
      {rows.map((row, index) => (
        <AssertionRowEditor
          key={row.key}
          index={index}
          row={row}
          sources={sources}
          errors={rowErrors(error, 'assertions', index)}
          onChange={(next) => update(index, next)}
          onRemove={() => onChange(rows.filter((_, i) => i !== index))}
        />
      ))}
      {listError && <p className="field-error">{listError}</p>}
      <div>
        <Button size="sm" icon="plus" onClick={add} disabled={rows.length >= ASSERTION_LIMITS.assertions}>
          Add assertion
        </Button>
      </div>
    </div>
  );
}

function AssertionRowEditor({
  index,
  row,
  sources,
  errors,
  onChange,
  onRemove,
}: {
  index: number;
  row: AssertionRow;
  sources: readonly AssertionSource[];
  errors: RowError[];
  onChange: (row: AssertionRow) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const n = index + 1;
  const invalid = (part: string) => errors.some((e) => e.part === part || e.part === '');
  const describedBy = errors.length > 0 ? `${id}-errors` : undefined;
  const input = (part: string) => ({ 'aria-invalid': invalid(part), 'aria-describedby': describedBy });
  const ops: readonly string[] = ASSERTION_OPS[row.source];
  const setSource = (source: AssertionSource) => {
    const allowed: readonly string[] = ASSERTION_OPS[source];
    onChange({ ...row, source, op: allowed.includes(row.op) ? row.op : allowed[0]!, target: source === row.source ? row.target : '' });
  };
  return (
    <div className={`editor-row ${errors.length > 0 ? 'editor-row-invalid' : ''}`} role="group" aria-label={`Assertion ${n}`} data-index={index}>
      <div className="editor-row-fields">
        <select aria-label={`Assertion ${n} source`} value={row.source} onChange={(e) => setSource(e.target.value as AssertionSource)} {...input('source')}>
          {sources.map((source) => (
            <option key={source} value={source}>
              {SOURCE_TEXT[source]}
            </option>
          ))}
        </select>
        {(row.source === 'json' || row.source === 'header') && (
          <input
            aria-label={`Assertion ${n} ${row.source === 'json' ? 'path' : 'header name'}`}
            value={row.target}
            placeholder={row.source === 'json' ? '$.data.status' : 'Content-Type'}
            onChange={(e) => onChange({ ...row, target: e.target.value })}
            {...input(row.source === 'json' ? 'path' : 'name')}
          />
        )}
        <select aria-label={`Assertion ${n} operator`} value={row.op} onChange={(e) => onChange({ ...row, op: e.target.value })} {...input('op')}>
          {ops.map((op) => (
            <option key={op} value={op}>
              {opText(row.source, op)}
            </option>
          ))}
        </select>
        {takesList(row) ? (
          <textarea
            aria-label={`Assertion ${n} value`}
            rows={Math.min(6, Math.max(2, lines(row.value).length + 1))}
            value={row.value}
            placeholder={'one record a line, such as\n192.0.2.10\n192.0.2.11'}
            onChange={(e) => onChange({ ...row, value: e.target.value })}
            {...input('value')}
          />
        ) : (
          needsValue(row.op) && (
            <input
              aria-label={`Assertion ${n} value`}
              value={row.value}
              inputMode={row.source === 'responseTime' ? 'numeric' : row.source === 'packetLoss' ? 'decimal' : undefined}
              placeholder={PLACEHOLDERS[row.source]}
              onChange={(e) => onChange({ ...row, value: e.target.value })}
              {...input('value')}
            />
          )
        )}
        <select
          className="editor-row-severity"
          aria-label={`Assertion ${n} severity`}
          value={row.severity}
          onChange={(e) => onChange({ ...row, severity: e.target.value as AssertionSeverity })}
          {...input('severity')}
        >
          <option value="fail">fails the check</option>
          <option value="degraded">marks degraded</option>
        </select>
        <Button size="sm" variant="ghost" icon="trash" aria-label={`Remove assertion ${n}`} onClick={onRemove} />
      </div>
      {errors.length > 0 && (
        <div id={`${id}-errors`}>
          {errors.map((e) => (
            <p className="field-error" key={e.part}>
              {e.part === '' ? 'This assertion' : `The ${ASSERTION_PART_LABELS[e.part] ?? e.part}`} {e.message}
            </p>
          ))}
        </div>
      )}
    </div>
  );
}
