import { Field } from '../../components/ui.js';
import type { SectionProps } from '../form-state.js';

/** The registered domain a domain monitor watches, and how early it warns. */
export function DomainTargetFields({ form, set, err, numberInput }: SectionProps) {
  return (
    <div className="field-row">
      <Field label="Domain" error={err('domain')} hint="The registered name, such as example.com (international names in xn-- form).">
        {(p) => <input {...p} name="domain" value={form.domain} onChange={(e) => set('domain', e.target.value)} placeholder="example.com" />}
      </Field>
      <Field label="Warning days" error={err('warningDays')} hint="Warn this many days before the registration expires, 1 to 365.">
        {numberInput('warningDays')}
      </Field>
    </div>
  );
}
