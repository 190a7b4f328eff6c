import { Field } from '../../components/ui.js';
import type { SectionProps } from '../form-state.js';

/** The host whose certificate an SSL monitor checks, and when it warns. */
export function SslTargetFields({ form, set, err, numberInput }: SectionProps) {
  return (
    <div className="field-row">
      <Field label="Host" error={err('host')} hint="The host name only, without https://.">
        {(p) => <input {...p} name="host" value={form.host} onChange={(e) => set('host', e.target.value)} placeholder="example.com" />}
      </Field>
      <Field label="Port" error={err('port')}>
        {numberInput('port')}
      </Field>
      <Field label="Expiry warning (days)" optional error={err('warningDays')} hint="Warn this many days before expiry; empty for no warning.">
        {numberInput('warningDays')}
      </Field>
    </div>
  );
}
