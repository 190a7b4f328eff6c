import { useState } from 'react';
import { api } from '../api/client.js';
import {
  Button,
  Card,
  ConfirmDialog,
  CopyButton,
  EmptyState,
  ErrorState,
  Field,
  FormError,
  Modal,
  Notice,
  PageHeader,
  SkeletonRows,
  fieldError,
  useToast,
} from '../components/ui.js';
import { date, relativeTime } from '../format.js';
import { useDocumentTitle, useGet, useNow } from '../hooks.js';
import { useSession } from '../session.js';
import type { CreatedToken, PersonalToken } from '../api/types.js';
import { useSubmit } from '../use-submit.js';

function CreateDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (token: CreatedToken) => void }) {
  const [name, setName] = useState('');
  const [expires, setExpires] = useState('90');
  const { busy, error, onSubmit } = useSubmit(
    async () => onCreated(await api.POST('/api/v1/tokens', { body: { name, expiresInDays: expires === 'never' ? null : Number(expires) } })),
    { leaves: true },
  );
  return (
    <Modal title="Create an API token" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <FormError error={error} labels={{ name: 'Name', expiresInDays: 'Expiry' }} />
        <Field label="Name" error={fieldError(error, 'name')} hint="What it is for, e.g. “CI deploy checks”.">
          {(p) => <input {...p} name="tokenName" value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />}
        </Field>
        <Field label="Expires" error={fieldError(error, 'expiresInDays')}>
          {(p) => (
            <select {...p} value={expires} onChange={(e) => setExpires(e.target.value)}>
              <option value="30">in 30 days</option>
              <option value="90">in 90 days</option>
              <option value="365">in a year</option>
              <option value="never">never</option>
            </select>
          )}
        </Field>
        <div className="form-actions">
          <Button type="submit" variant="primary" busy={busy}>
            Create token
          </Button>
          <Button onClick={onClose}>Cancel</Button>
        </div>
      </form>
    </Modal>
  );
}

export function TokensPage() {
  useDocumentTitle('API tokens');
  const tokens = useGet('/api/v1/tokens');
  const { session } = useSession();
  const toast = useToast();
  const now = useNow(30_000);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const [revoking, setRevoking] = useState<PersonalToken | null>(null);

  return (
    <div className="page">
      <PageHeader
        title="API tokens"
        subtitle={
          <>
            Personal access tokens for the REST API and MCP, acting as you ({session.team.role}) in {session.team.name}. Send them as{' '}
            <code>Authorization: Bearer …</code>. See the <a href="/docs">API reference</a>.
          </>
        }
        actions={
          <Button variant="primary" icon="plus" onClick={() => setCreating(true)}>
            Create token
          </Button>
        }
      />
      {created && (
        <Notice kind="success">
          <strong>Token “{created.name}” created.</strong> Copy it now: it is shown only this once.
          <span className="secret-row">
            <code className="secret" data-testid="new-token">
              {created.token}
            </code>
            <CopyButton text={created.token} />
          </span>
        </Notice>
      )}
      <Card className="table-card">
        {tokens.error && !tokens.data ? (
          <ErrorState error={tokens.error} onRetry={() => void tokens.reload()} />
        ) : !tokens.data ? (
          <SkeletonRows />
        ) : tokens.data.data.length === 0 ? (
          <EmptyState icon="key" title="No tokens">
            Create one to use the API from scripts, CI or an AI assistant.
          </EmptyState>
        ) : (
          <table className="table tokens-table stack-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Expires</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.data.data.map((t) => {
                return (
                  <tr key={t.id} data-token-id={t.id}>
                    <td data-label="Name" className="stack-title">
                      <span className="row-title">{t.name}</span>
                    </td>
                    <td data-label="Created">{date(t.createdAt)}</td>
                    <td data-label="Last used" data-testid="last-used">
                      <LastUsed at={t.lastUsedAt} now={now} />
                    </td>
                    <td data-label="Expires">
                      <Expiry at={t.expiresAt} now={now} />
                    </td>
                    <td className="actions-cell stack-corner">
                      <Button size="sm" variant="ghost" icon="trash" onClick={() => setRevoking(t)} aria-label={`Revoke ${t.name}`}>
                        Revoke
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </Card>
      {creating && (
        <CreateDialog
          onClose={() => setCreating(false)}
          onCreated={(token) => {
            setCreating(false);
            setCreated(token);
            void tokens.reload();
          }}
        />
      )}
      {revoking && (
        <ConfirmDialog
          title={`Revoke “${revoking.name}”?`}
          confirmLabel="Revoke token"
          onClose={() => setRevoking(null)}
          onConfirm={async () => {
            await api.DELETE('/api/v1/tokens/{id}', { params: { path: { id: revoking.id } } });
            if (created?.id === revoking.id) setCreated(null);
            toast('success', `Revoked “${revoking.name}”`);
            void tokens.reload();
          }}
        >
          <p>Anything using this token gets 401 Unauthorized from now on. This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/** When a token last authenticated a request, or "never". */
export function LastUsed({ at, now }: { at: string | null; now: number }) {
  return at ? <>{relativeTime(at, now)}</> : <span className="muted">never</span>;
}

/** When a token expires: a date, "expired", or "never". */
export function Expiry({ at, now }: { at: string | null; now: number }) {
  if (at === null) return <span className="muted">never</span>;
  return new Date(at).getTime() <= now ? <span className="pill pill-danger">expired</span> : <>{date(at)}</>;
}
