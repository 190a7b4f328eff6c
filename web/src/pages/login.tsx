import { useEffect, useState } from 'react';
import { api } from '../api/client.js';
import type { ApiError } from '../api/errors.js';
import { Button, Field, Notice } from '../components/ui.js';
import { useDocumentTitle } from '../hooks.js';
import type { Session, SignInOptions } from '../api/types.js';
import { useSubmit } from '../use-submit.js';

/**
 * Sign-in: the identity provider's button when one is set up, the email and password form unless
 * LOOKOUT_OIDC_ONLY turned it off, and, for an account with two-factor sign-in, a second step that
 * asks for the authenticator's code (or a recovery code) with the same email and password.
 */
export function LoginPage({ onSignedIn, ended }: { onSignedIn: (session: Session) => void; ended: boolean }) {
  useDocumentTitle('Sign in');
  const [options, setOptions] = useState<SignInOptions | null>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');

  useEffect(() => {
    // Without the options (an old server, a network hiccup) the password form is still offered.
    api.GET('/api/v1/session/options').then(setOptions, () => setOptions({ password: true, oidc: null }));
  }, []);

  // Not `leaves`: an account with two-factor sign-in stays on this screen for its second step.
  const { busy, error, onSubmit } = useSubmit(async () => {
    const second = step === 'code' ? (useRecovery ? { recoveryCode: code } : { code }) : {};
    try {
      onSignedIn(await api.POST('/api/v1/session', { body: { email, password, ...second } }));
    } catch (e) {
      if ((e as ApiError).code !== 'two-factor-required') throw e;
      // Not a failure: the next screen asks for the code.
      setStep('code');
      setCode('');
    }
  });
  const shownError = error;

  return (
    <div className="auth-screen">
      <main className="auth-card" id="main">
        <div className="auth-brand">
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <span>Lookout</span>
        </div>
        <h1>{step === 'code' ? 'Two-factor sign-in' : 'Sign in'}</h1>
        <p className="muted">
          {step === 'code'
            ? useRecovery
              ? 'Enter one of your recovery codes. Each works once.'
              : 'Enter the 6-digit code from your authenticator app.'
            : 'Uptime monitoring for your team.'}
        </p>
        {ended && !shownError && step === 'password' && <Notice kind="warning">Your session has ended. Please sign in again.</Notice>}
        {shownError && shownError.code !== 'validation' && <Notice kind="error">{shownError.detail}</Notice>}
        {step === 'password' && options?.oidc && (
          <a className="btn btn-primary btn-md btn-block" href={options.oidc.url}>
            Sign in with {options.oidc.name}
          </a>
        )}
        {step === 'password' && options?.oidc && options.password && <p className="auth-or muted">or with your email and password</p>}
        {step === 'password' && options?.password !== false && (
          <form onSubmit={onSubmit} noValidate>
            <Field label="Email" error={shownError?.fieldMessage('email')}>
              {(props) => (
                <input {...props} type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
              )}
            </Field>
            <Field label="Password" error={shownError?.fieldMessage('password')}>
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
            <Button type="submit" variant={options?.oidc ? 'secondary' : 'primary'} className="btn-block" busy={busy}>
              Sign in
            </Button>
          </form>
        )}
        {step === 'code' && (
          <form onSubmit={onSubmit} noValidate>
            <Field label={useRecovery ? 'Recovery code' : 'Authentication code'} error={shownError?.fieldMessage(useRecovery ? 'recoveryCode' : 'code')}>
              {(props) => (
                <input
                  {...props}
                  name={useRecovery ? 'recovery-code' : 'code'}
                  inputMode={useRecovery ? 'text' : 'numeric'}
                  autoComplete="one-time-code"
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  autoFocus
                />
              )}
            </Field>
            <Button type="submit" variant="primary" className="btn-block" busy={busy}>
              Verify
            </Button>
            <button
              type="button"
              className="btn btn-ghost btn-sm btn-block"
              onClick={() => {
                setUseRecovery(!useRecovery);
                setCode('');
              }}
            >
              {useRecovery ? 'Use the authenticator app instead' : 'Use a recovery code instead'}
            </button>
          </form>
        )}
        {step === 'password' && options?.password !== false && (
          <p className="auth-foot muted">
            First start? The Owner’s email and password were printed once by <code>lookout serve</code>.
          </p>
        )}
      </main>
    </div>
  );
}
