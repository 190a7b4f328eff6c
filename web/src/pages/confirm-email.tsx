import { useState } from 'react';
import { api } from '../api/client.js';
import { Button, Notice } from '../components/ui.js';
import { useDocumentTitle } from '../hooks.js';
import { useSubmit } from '../use-submit.js';

/**
 * Where the confirmation of a new sign-in address lands: `/confirm-email#<secret>`. Opening the page
 * changes nothing (mail scanners open links); the button confirms. The account's sessions end, so
 * the person signs in again with the new address.
 */
export function ConfirmEmailPage() {
  useDocumentTitle('Confirm your new address');
  const [token] = useState(() => window.location.hash.slice(1));
  const [email, setEmail] = useState<string | null>(null);
  const { busy, error, run } = useSubmit(async () => {
    setEmail((await api.POST('/api/v1/account/email/confirm', { body: { token } })).email);
    window.history.replaceState(null, '', '/confirm-email');
  });
  return (
    <div className="auth-screen">
      <main className="auth-card" id="main">
        <div className="auth-brand">
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <span>Lookout</span>
        </div>
        <h1>Confirm your new address</h1>
        {email ? (
          <>
            <Notice kind="success">
              You sign in with <strong>{email}</strong> from now on. Every session of your account has ended: sign in again.
            </Notice>
            <Button variant="primary" className="btn-block" onClick={() => window.location.assign('/login')}>
              Sign in
            </Button>
          </>
        ) : (
          <>
            <p className="muted">Your account asked to sign in with this address. Confirm it to make the change.</p>
            {!token && <Notice kind="error">This link is incomplete. Ask for a new one on your account page.</Notice>}
            {error && <Notice kind="error">{error.fieldMessage('token') ? `The link ${error.fieldMessage('token')!}.` : error.detail}</Notice>}
            <Button variant="primary" className="btn-block" busy={busy} disabled={!token} onClick={() => void run()}>
              Confirm the new address
            </Button>
          </>
        )}
      </main>
    </div>
  );
}
