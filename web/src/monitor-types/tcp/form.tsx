import { Field } from '../../components/ui.js';
import { MONITOR_LIMITS } from '../../../../src/shared/limits.js';
import type { SectionProps } from '../form-state.js';

/** The host and port a TCP monitor connects to, and whether it shakes hands over TLS. */
export function TcpTargetFields({ form, set, err }: SectionProps) {
  return (
    <>
      <div className="field-row">
        <Field label="Host" error={err('host')} hint="A host name or IP address, without a scheme or port.">
          {(p) => <input {...p} name="host" value={form.host} onChange={(e) => set('host', e.target.value)} placeholder="db.example.com" />}
        </Field>
        <Field label="Port" error={err('port')} hint="1 to 65535.">
          {(p) => (
            <input
              {...p}
              name="port"
              type="number"
              inputMode="numeric"
              min={MONITOR_LIMITS.port[0]}
              max={MONITOR_LIMITS.port[1]}
              value={form.port}
              onChange={(e) => set('port', e.target.value)}
              placeholder="5432"
            />
          )}
        </Field>
      </div>
      <div className="field">
        <label className="check">
          <input type="checkbox" name="tls" checked={form.tls} onChange={(e) => set('tls', e.target.checked)} />
          TLS handshake after connecting
        </label>
        {err('tls') ? (
          <p className="field-error">{err('tls')}</p>
        ) : (
          <p className="field-hint">The certificate is then checked as an SSL monitor checks it (without expiry warnings).</p>
        )}
      </div>
    </>
  );
}
