import { useState } from 'react';
import { api } from '../api/client.js';
import { Button, Card, Field, FormError, Notice, PageHeader, fieldError, useToast } from '../components/ui.js';
import { useDocumentTitle } from '../hooks.js';
import { useSession } from '../session.js';
import { useSubmit } from '../use-submit.js';
import { useUnsavedChanges } from '../use-unsaved-changes.js';
import { TwoFactorCard } from './two-factor.js';

function NameForm() {
  const { session, setSession } = useSession();
  const toast = useToast();
  const [name, setName] = useState(session.user.name);
  useUnsavedChanges(name !== session.user.name);
  const { busy, error, onSubmit } = useSubmit(async () => {
    const user = await api.PATCH('/api/v1/account', { body: { name } });
    setSession({ ...session, user });
    toast('success', 'Name saved');
  });
  return (
    <Card title="Profile">
      <form onSubmit={onSubmit} noValidate>
        <FormError error={error} labels={{ name: 'Name' }} />
        <Field label="Name" error={fieldError(error, 'name')} hint="How your team sees you: on the Team page and on the incidents you acknowledge.">
          {(p) => <input {...p} name="name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" />}
        </Field>
        <div className="form-actions">
          <Button type="submit" variant="primary" busy={busy} disabled={name === session.user.name}>
            Save name
          </Button>
        </div>
      </form>
    </Card>
  );
}

function PasswordForm() {
  const toast = useToast();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);
  useUnsavedChanges(current !== '' || next !== '' || repeat !== '');
  const { busy, error, onSubmit } = useSubmit(async () => {
    await api.POST('/api/v1/account/password', { body: { currentPassword: current, newPassword: next } });
    setCurrent('');
    setNext('');
    setRepeat('');
    toast('success', 'Password changed; your other sessions were signed out');
  });
  return (
    <Card title="Password">
      <form
        onSubmit={(event) => {
          // Two different new passwords are a typo, caught before the server is asked.
          setMismatch(next !== repeat);
          if (next !== repeat) {
            event.preventDefault();
            return;
          }
          onSubmit(event);
        }}
        noValidate
      >
        <FormError error={error} labels={{ currentPassword: 'Current password', newPassword: 'New password' }} />
        <Field label="Current password" error={fieldError(error, 'currentPassword')}>
          {(p) => (
            <input
              {...p}
              type="password"
              name="current-password"
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
              autoComplete="current-password"
            />
          )}
        </Field>
        <Field
          label="New password"
          error={fieldError(error, 'newPassword')}
          hint="At least 12 characters. Signing in elsewhere will need it: your other sessions end."
        >
          {(p) => <input {...p} type="password" name="new-password" value={next} onChange={(e) => setNext(e.target.value)} autoComplete="new-password" />}
        </Field>
        <Field label="New password again" error={mismatch ? 'is not the same as the new password' : undefined}>
          {(p) => (
            <input {...p} type="password" name="repeat-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} autoComplete="new-password" />
          )}
        </Field>
        <div className="form-actions">
          <Button type="submit" variant="primary" busy={busy}>
            Change password
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** A new sign-in address: it changes once the link mailed to it is opened. */
function EmailForm() {
  const { session } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sent, setSent] = useState<{ sentTo: string; expiresAt: string } | null>(null);
  useUnsavedChanges(email !== '' || password !== '');
  const { busy, error, onSubmit } = useSubmit(async () => {
    setSent(await api.POST('/api/v1/account/email', { body: { newEmail: email, currentPassword: password } }));
    setEmail('');
    setPassword('');
  });
  return (
    <Card title="Sign-in address">
      <p className="muted">
        You sign in with <strong>{session.user.email}</strong>. A new address takes over only once you open the link we mail to it.
      </p>
      {sent && (
        <Notice kind="success">
          <span data-testid="email-change-sent">
            A confirmation link was sent to <strong>{sent.sentTo}</strong>; it works for 24 hours. Your address changes when you open it, and you then sign in
            again.
          </span>
        </Notice>
      )}
      <form onSubmit={onSubmit} noValidate>
        <FormError error={error} labels={{ newEmail: 'New address', currentPassword: 'Current password' }} />
        <Field label="New address" error={fieldError(error, 'newEmail')}>
          {(p) => <input {...p} type="email" name="new-email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />}
        </Field>
        <Field label="Your password" error={fieldError(error, 'currentPassword')}>
          {(p) => (
            <input
              {...p}
              type="password"
              name="email-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
            />
          )}
        </Field>
        <div className="form-actions">
          <Button type="submit" variant="primary" busy={busy}>
            Send the confirmation link
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The signed-in person's own account: their name, sign-in address and password. */
export function AccountPage() {
  useDocumentTitle('Your account');
  const { session } = useSession();
  return (
    <div className="page page-narrow">
      <PageHeader title="Your account" subtitle={`Signed in as ${session.user.email}`} />
      <NameForm />
      <EmailForm />
      <PasswordForm />
      <TwoFactorCard />
    </div>
  );
}
