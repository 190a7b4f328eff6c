import { useState } from 'react';
import { api } from '../api/client.js';
import { Button, Field, Notice } from '../components/ui.js';
import { useDocumentTitle } from '../hooks.js';
import type { Session } from '../api/types.js';
import { useSubmit } from '../use-submit.js';

export function LoginPage({ onSignedIn, ended }: { onSignedIn: (session: Session) => void; ended: boolean }) {
  useDocumentTitle('Sign in');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, onSubmit } = useSubmit(async () => onSignedIn(await api.POST('/api/v1/session', { body: { email, password } })), { leaves: true });

  return (
    <div className="auth-screen">
      <main className="auth-card" id="main">
        <div className="auth-brand">
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <span>Lookout</span>
        </div>
        <h1>Sign in</h1>
        <p className="muted">Uptime monitoring for your team.</p>
        {ended && !error && <Notice kind="warning">Your session has ended. Please sign in again.</Notice>}
        {error && error.code !== 'validation' && <Notice kind="error">{error.detail}</Notice>}
        <form onSubmit={onSubmit} noValidate>
          <Field label="Email" error={error?.fieldMessage('email')}>
            {(props) => (
              <input {...props} type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
            )}
          </Field>
          <Field label="Password" error={error?.fieldMessage('password')}>
            {(props) => (
              <input
                {...props}
                type="password"
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
          </Field>
          <Button type="submit" variant="primary" className="btn-block" busy={busy}>
            Sign in
          </Button>
        </form>
        <p className="auth-foot muted">
          First start? The Owner’s email and password were printed once by <code>lookout serve</code>.
        </p>
      </main>
    </div>
  );
}
