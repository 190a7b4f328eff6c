import { useState } from 'react';
import { api } from '../api/client.js';
import { Button, Field, Notice } from '../components/ui.js';
import { useDocumentTitle } from '../hooks.js';
import { navigate } from '../router.js';
import type { Session } from '../api/types.js';
import { useSubmit } from '../use-submit.js';

/** Where an invitation link lands: `/set-password#<secret>`. The secret never leaves the browser except to the API. */
export function SetPasswordPage({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  useDocumentTitle('Choose a password');
  const [token] = useState(() => window.location.hash.slice(1));
  const [password, setPassword] = useState('');
  const { busy, error, onSubmit } = useSubmit(
    async () => {
      const session = await api.POST('/api/v1/session/password', { body: { token, password } });
      window.history.replaceState(null, '', '/monitors');
      onSignedIn(session);
      navigate('/monitors', { replace: true });
    },
    { leaves: true },
  );

  return (
    <div className="auth-screen">
      <main className="auth-card" id="main">
        <div className="auth-brand">
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <span>Lookout</span>
        </div>
        <h1>Choose your password</h1>
        <p className="muted">You were invited to a team on Lookout. Pick a password to sign in with.</p>
        {!token && <Notice kind="error">This link is incomplete. Ask the person who invited you for a new one.</Notice>}
        {error && (error.fieldMessage('token') || error.code !== 'validation') && (
          <Notice kind="error">{error.fieldMessage('token') ? `The link ${error.fieldMessage('token')!}.` : error.detail}</Notice>
        )}
        <form onSubmit={onSubmit} noValidate>
          <Field label="New password" hint="At least 12 characters." error={error?.fieldMessage('password')}>
            {(props) => (
              <input {...props} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} autoFocus />
            )}
          </Field>
          <Button type="submit" variant="primary" className="btn-block" busy={busy} disabled={!token}>
            Set password and sign in
          </Button>
        </form>
      </main>
    </div>
  );
}
