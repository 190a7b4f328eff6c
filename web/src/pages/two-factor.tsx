import { toString as qrCodeSvg } from 'qrcode';
import { useEffect, useState } from 'react';
import { api } from '../api/client.js';
import type { TwoFactorEnrolment } from '../api/types.js';
import { Button, Card, CopyButton, Field, FormError, Notice, PageHeader, fieldError, useToast } from '../components/ui.js';
import { useDocumentTitle } from '../hooks.js';
import { useSession } from '../session.js';
import { useSubmit } from '../use-submit.js';

/** The `otpauth://` URI as a QR code image (SVG, drawn here: the key never leaves the page). */
function QrCode({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void qrCodeSvg(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((svg) => {
      if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [uri]);
  return src ? <img className="totp-qr" src={src} alt="QR code for your authenticator app" width={200} height={200} /> : null;
}

/**
 * Enrolment in three steps: a new key (shown as a QR code and as text), a first code to confirm
 * it, and the ten recovery codes, shown this once. `onDone` runs when the person has seen them.
 */
export function TwoFactorSetup({ onDone }: { onDone: () => void }) {
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const start = useSubmit(async () => setEnrolment(await api.POST('/api/v1/session/totp')));
  const confirm = useSubmit(async () => {
    const answer = await api.POST('/api/v1/session/totp/confirm', { body: { code } });
    setRecoveryCodes(answer.recoveryCodes);
  });

  if (recoveryCodes) {
    return (
      <div className="totp-setup">
        <Notice kind="success">Two-factor sign-in is on.</Notice>
        <p>Keep these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator; they are not shown again.</p>
        <ul className="totp-recovery" aria-label="Recovery codes">
          {recoveryCodes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ul>
        <div className="form-actions">
          <CopyButton text={recoveryCodes.join('\n')} label="Copy the codes" />
          <Button variant="primary" onClick={onDone}>
            I have saved them
          </Button>
        </div>
      </div>
    );
  }
  if (!enrolment) {
    return (
      <div className="totp-setup">
        <FormError error={start.error} />
        <p className="muted">Sign-in will ask for a code from an authenticator app (such as 1Password, Aegis, Google Authenticator) after your password.</p>
        <Button variant="primary" busy={start.busy} onClick={() => void start.run()}>
          Set up two-factor sign-in
        </Button>
      </div>
    );
  }
  return (
    <div className="totp-setup">
      <p>Scan this code with your authenticator app, then enter the 6-digit code it shows.</p>
      <QrCode uri={enrolment.otpauthUri} />
      <p className="muted">
        Cannot scan? Enter this key by hand: <code data-testid="totp-secret">{enrolment.secretBase32}</code>
      </p>
      <form onSubmit={confirm.onSubmit} noValidate>
        <FormError error={confirm.error} labels={{ code: 'Code' }} />
        <Field label="Code from the app" error={fieldError(confirm.error, 'code')}>
          {(p) => <input {...p} name="totp-code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />}
        </Field>
        <div className="form-actions">
          <Button type="submit" variant="primary" busy={confirm.busy}>
            Turn on
          </Button>
        </div>
      </form>
    </div>
  );
}

/** The account page's card: set up, or turn off with a code. */
export function TwoFactorCard() {
  const { session, setSession } = useSession();
  const toast = useToast();
  const [code, setCode] = useState('');
  const enabled = session.twoFactor.enabled;
  const turnOff = useSubmit(async () => {
    await api.DELETE('/api/v1/session/totp', { body: { code } });
    setCode('');
    setSession({ ...session, twoFactor: { ...session.twoFactor, enabled: false } });
    toast('success', 'Two-factor sign-in is off');
  });
  return (
    <Card title="Two-factor sign-in">
      {enabled ? (
        <form onSubmit={turnOff.onSubmit} noValidate>
          <p>
            <strong>On.</strong> Password sign-in asks for a code from your authenticator app.
          </p>
          {session.twoFactor.requiredByTeam && <Notice kind="info">Your team requires two-factor sign-in.</Notice>}
          <FormError error={turnOff.error} labels={{ code: 'Code' }} />
          <Field label="Code or recovery code" error={fieldError(turnOff.error, 'code')} hint="To turn two-factor sign-in off.">
            {(p) => <input {...p} name="totp-off-code" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />}
          </Field>
          <div className="form-actions">
            <Button type="submit" busy={turnOff.busy}>
              Turn off
            </Button>
          </div>
        </form>
      ) : (
        <TwoFactorSetup onDone={() => setSession({ ...session, twoFactor: { ...session.twoFactor, enabled: true } })} />
      )}
    </Card>
  );
}

/** What a member of a team that requires two-factor sign-in sees, whatever the address, until they have it. */
export function TwoFactorRequiredPage() {
  useDocumentTitle('Set up two-factor sign-in');
  const { session, setSession } = useSession();
  return (
    <div className="page page-narrow">
      <PageHeader title="Set up two-factor sign-in" subtitle={`${session.team.name} requires it of every member before anything else.`} />
      <Card title="Authenticator app">
        <TwoFactorSetup onDone={() => setSession({ ...session, twoFactor: { ...session.twoFactor, enabled: true } })} />
      </Card>
    </div>
  );
}
