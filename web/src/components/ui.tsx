import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type ReactElement,
  type ReactNode,
} from 'react';
import type { ApiError } from '../api/errors.js';
import { Link } from '../router.js';
import {
  INCIDENT_STATUS_TEXT,
  MONITOR_STATUS_TEXT,
  SEVERITY_TEXT,
  type IncidentStatus,
  type MonitorStatus,
  type Severity,
} from '../../../src/shared/vocabulary.js';
import { Icon, type IconName } from './icons.js';
import { useSubmit } from '../use-submit.js';

/* Buttons */

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
  size?: 'sm' | 'md';
  icon?: IconName;
  busy?: boolean;
};

export function Button({ variant = 'secondary', size = 'md', icon, busy, children, className, disabled, type, ...rest }: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      className={`btn btn-${variant} btn-${size} ${className ?? ''}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <Spinner small /> : icon ? <Icon name={icon} size={size === 'sm' ? 15 : 17} /> : null}
      {children}
    </button>
  );
}

export function ButtonLink({
  to,
  icon,
  variant = 'secondary',
  children,
}: {
  to: string;
  icon?: IconName;
  variant?: 'primary' | 'secondary';
  children: ReactNode;
}) {
  return (
    <Link to={to} className={`btn btn-${variant} btn-md`}>
      {icon && <Icon name={icon} size={17} />}
      {children}
    </Link>
  );
}

/* Status */

export function StatusBadge({ status, size = 'md' }: { status: MonitorStatus; size?: 'md' | 'lg' }) {
  return (
    <span className={`status status-${status} status-${size}`} data-status={status}>
      <span className="status-dot" aria-hidden="true" />
      {MONITOR_STATUS_TEXT[status]}
    </span>
  );
}

export function IncidentBadge({ status }: { status: IncidentStatus }) {
  return (
    <span className={`pill pill-incident-${status}`} data-status={status}>
      {INCIDENT_STATUS_TEXT[status]}
    </span>
  );
}

export function SeverityBadge({ severity }: { severity: Severity }) {
  return <span className={`pill pill-severity-${severity}`}>{SEVERITY_TEXT[severity]}</span>;
}

export function RoleBadge({ role }: { role: string }) {
  return <span className={`pill pill-role-${role.toLowerCase()}`}>{role}</span>;
}

/* Loading, empty, error */

export function Spinner({ small, label }: { small?: boolean; label?: string }) {
  return <span className={`spinner ${small ? 'spinner-sm' : ''}`} role={label ? 'status' : undefined} aria-label={label} />;
}

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="state state-loading" role="status" aria-live="polite">
      <Spinner />
      <span>{label}</span>
    </div>
  );
}

export function SkeletonRows({ rows = 4 }: { rows?: number }) {
  return (
    <div className="skeleton-list" role="status" aria-label="Loading">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton-row">
          <span className="skeleton skeleton-dot" />
          <span className="skeleton skeleton-line" style={{ width: `${40 + ((i * 17) % 35)}%` }} />
          <span className="skeleton skeleton-line short" />
        </div>
      ))}
    </div>
  );
}

export function EmptyState({ icon, title, children, action }: { icon: IconName; title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="state state-empty">
      <span className="state-icon">
        <Icon name={icon} size={26} />
      </span>
      <h3>{title}</h3>
      {children && <p>{children}</p>}
      {action}
    </div>
  );
}

export function ErrorState({ error, onRetry, title = 'Could not load this' }: { error: ApiError; onRetry?: () => void; title?: string }) {
  return (
    <div className="state state-error" role="alert">
      <span className="state-icon">
        <Icon name="alert" size={26} />
      </span>
      <h3>{error.status === 404 ? 'Not found' : title}</h3>
      <p>{error.detail}</p>
      {onRetry && error.status !== 404 && (
        <Button icon="refresh" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

export function Notice({ kind = 'info', children }: { kind?: 'info' | 'error' | 'success' | 'warning'; children: ReactNode }) {
  return (
    <div className={`notice notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/* Layout pieces */

export function PageHeader({
  title,
  subtitle,
  actions,
  back,
  badge,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  back?: { to: string; label: string };
  badge?: ReactNode;
}) {
  return (
    <header className="page-header">
      {back && (
        <Link to={back.to} className="back-link">
          <Icon name="chevronLeft" size={16} />
          {back.label}
        </Link>
      )}
      <div className="page-header-row">
        <div className="page-title">
          <h1 id="page-title" tabIndex={-1}>
            {title}
          </h1>
          {badge}
        </div>
        {actions && <div className="page-actions">{actions}</div>}
      </div>
      {subtitle && <p className="page-subtitle">{subtitle}</p>}
    </header>
  );
}

export function Card({
  title,
  actions,
  children,
  className,
  id,
}: {
  title?: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  const headingId = useId();
  return (
    <section className={`card ${className ?? ''}`} aria-labelledby={title ? headingId : undefined} id={id}>
      {(title || actions) && (
        <div className="card-header">
          {title && <h2 id={headingId}>{title}</h2>}
          {actions && <div className="card-actions">{actions}</div>}
        </div>
      )}
      {children}
    </section>
  );
}

/* Forms */

/** A labelled field; `error` is the API's message for it, shown under the input and announced. */
export function Field({
  label,
  hint,
  error,
  children,
  optional,
}: {
  label: string;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactElement;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${error ? 'field-invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {optional && <span className="optional"> (optional)</span>}
      </label>
      {children({ id, 'aria-invalid': !!error, ...(describedBy && { 'aria-describedby': describedBy }) })}
      {hint && !error && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`} data-field-error>
          <Icon name="alert" size={14} /> {error}
        </p>
      )}
    </div>
  );
}

/**
 * Checkboxes under one label, with the API's message for the whole list (`monitorIds`): a list
 * holds many choices (one a line), inline a few.
 */
export function CheckGroup<T extends string>({
  label,
  name,
  options,
  selected,
  onChange,
  error,
  hint,
  list,
}: {
  label: string;
  name: string;
  options: ReadonlyArray<{ value: T; label: ReactNode }>;
  selected: readonly T[];
  onChange: (next: T[]) => void;
  error?: string;
  hint?: ReactNode;
  list?: boolean;
}) {
  const id = useId();
  // The order of the options, whatever order they were ticked in.
  const toggle = (value: T) => onChange(options.map((o) => o.value).filter((v) => (v === value ? !selected.includes(v) : selected.includes(v))));
  const boxes = options.map((o) => (
    <label key={o.value} className="check">
      <input type="checkbox" name={name} value={o.value} checked={selected.includes(o.value)} onChange={() => toggle(o.value)} />
      <span>{o.label}</span>
    </label>
  ));
  return (
    <div className={`field ${error ? 'field-invalid' : ''}`} role="group" aria-labelledby={`${id}-label`}>
      <span className="label" id={`${id}-label`}>
        {label}
      </span>
      {list ? (
        <ul className="check-list">
          {boxes.map((box) => (
            <li key={box.key}>{box}</li>
          ))}
        </ul>
      ) : (
        <div className="checks-inline">{boxes}</div>
      )}
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

/** The problem of a failed form submission, above the form: for validation, every field the API named. */
export function FormError({ error, labels = {} }: { error: ApiError | null | undefined; labels?: Record<string, string> }) {
  if (!error) return null;
  if (error.code !== 'validation' || error.errors.length === 0) {
    return (
      <div className="notice notice-error" role="alert" tabIndex={-1} data-error-summary>
        <strong>{error.title}.</strong> {error.detail}
      </div>
    );
  }
  // One line per field: its first message, as the API's `detail` would name it.
  const fields = error.errors.filter((e, i) => error.errors.findIndex((x) => x.field === e.field) === i);
  return (
    <div className="notice notice-error" role="alert" tabIndex={-1} data-error-summary>
      <strong>{fields.length === 1 ? 'Please fix this field:' : `Please fix these ${fields.length} fields:`}</strong>
      <ul>
        {fields.map((e) => (
          <li key={e.field}>
            {labels[e.field] ?? e.field} {e.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The API's message for a field or for anything inside it (`auth` covers `auth.secret`). */
export function fieldError(error: ApiError | null | undefined, field: string): string | undefined {
  if (!error) return undefined;
  const exact = error.errors.find((e) => e.field === field);
  if (exact) return exact.message;
  const nested = error.errors.find((e) => e.field.startsWith(`${field}.`));
  if (!nested) return undefined;
  const inner = nested.field.slice(field.length + 1);
  return /^\d+$/.test(inner) ? `item ${Number(inner) + 1} ${nested.message}` : `${inner} ${nested.message}`;
}

/* Dialogs */

export function Modal({
  title,
  onClose,
  children,
  footer,
  wide,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const headingId = useId();
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = ref.current?.querySelector<HTMLElement>('[data-autofocus], input, textarea, select, button:not(.modal-close)');
    (first ?? ref.current)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      if (event.key === 'Tab' && ref.current) {
        const focusable = [
          ...ref.current.querySelectorAll<HTMLElement>(
            'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])',
          ),
        ];
        if (focusable.length === 0) return;
        const firstEl = focusable[0]!;
        const lastEl = focusable[focusable.length - 1]!;
        if (event.shiftKey && document.activeElement === firstEl) {
          event.preventDefault();
          lastEl.focus();
        } else if (!event.shiftKey && document.activeElement === lastEl) {
          event.preventDefault();
          firstEl.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('modal-open');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('modal-open');
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- the focus may have been on an element without focus()
      previous?.focus?.();
    };
    // Once per opening: a new onClose on each render must not move the focus again.
  }, []);
  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className={`modal ${wide ? 'modal-wide' : ''}`} role="dialog" aria-modal="true" aria-labelledby={headingId} ref={ref} tabIndex={-1}>
        <div className="modal-header">
          <h2 id={headingId}>{title}</h2>
          <button type="button" className="modal-close" onClick={onClose} aria-label="Close">
            <Icon name="x" />
          </button>
        </div>
        <div className="modal-body">{children}</div>
        {footer && <div className="modal-footer">{footer}</div>}
      </div>
    </div>
  );
}

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  danger = true,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
  danger?: boolean;
}) {
  const confirm = useSubmit(
    async () => {
      await onConfirm();
      onClose();
    },
    { leaves: true },
  );
  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={() => void confirm.run()} busy={confirm.busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      {/* A confirmation has no fields to point at: the refusal is said in the API's own sentence. */}
      {confirm.error && (
        <div className="notice notice-error" role="alert">
          <strong>{confirm.error.title}.</strong> {confirm.error.detail}
        </div>
      )}
    </Modal>
  );
}

/* Toasts */

interface Toast {
  id: number;
  kind: 'success' | 'error' | 'info';
  text: string;
}

const ToastContext = createContext<(kind: Toast['kind'], text: string) => void>(() => {});

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const push = useCallback((kind: Toast['kind'], text: string) => {
    const id = Date.now() + Math.random();
    setToasts((t) => [...t.slice(-3), { id, kind, text }]);
    window.setTimeout(() => setToasts((t) => t.filter((x) => x.id !== id)), kind === 'error' ? 8000 : 4500);
  }, []);
  return (
    <ToastContext.Provider value={push}>
      {children}
      <div className="toasts" role="status" aria-live="polite">
        {toasts.map((t) => (
          <div key={t.id} className={`toast toast-${t.kind}`}>
            <Icon name={t.kind === 'error' ? 'alert' : t.kind === 'success' ? 'check' : 'bell'} size={16} />
            <span>{t.text}</span>
            <button type="button" aria-label="Dismiss" onClick={() => setToasts((all) => all.filter((x) => x.id !== t.id))}>
              <Icon name="x" size={14} />
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast() {
  return useContext(ToastContext);
}

/** Copies text, with feedback on the button; `name` tells several Copy buttons apart for assistive technology. */
export function CopyButton({ text, label = 'Copy', name }: { text: string; label?: string; name?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Button size="sm" icon={copied ? 'check' : 'copy'} onClick={() => void copy()} aria-label={name && (copied ? `${name}: copied` : name)}>
      {copied ? 'Copied' : label}
    </Button>
  );
}
