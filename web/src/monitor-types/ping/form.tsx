import { Field } from '../../components/ui.js';
import type { SectionProps } from '../form-state.js';

/** The host a ping monitor sends echo requests to, and how many per check. */
export function PingTargetFields({ form, set, err, numberInput }: SectionProps) {
  return (
    <div className="field-row">
      <Field label="Host" error={err('host')} hint="A host name or IP address, without a scheme or port.">
        {(p) => <input {...p} name="host" value={form.host} onChange={(e) => set('host', e.target.value)} placeholder="router.example.com" />}
      </Field>
      <Field label="Packets" error={err('packets')} hint="Echo requests per check, 1 to 10.">
        {numberInput('packets')}
      </Field>
    </div>
  );
}
