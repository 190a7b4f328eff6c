import type { DnsRecordType } from '../../api/types.js';
import { Field } from '../../components/ui.js';
import { DNS_RECORD_TYPES } from '../../../../src/shared/vocabulary.js';
import type { SectionProps } from '../form-state.js';

/** The name and record a DNS monitor asks for, and the resolver it asks. */
export function DnsTargetFields({ form, set, err }: SectionProps) {
  return (
    <>
      <div className="field-row">
        <Field label="Host name" error={err('hostname')} hint="The name to ask about.">
          {(p) => <input {...p} name="hostname" value={form.hostname} onChange={(e) => set('hostname', e.target.value)} placeholder="example.com" />}
        </Field>
        <Field label="Record type" error={err('recordType')}>
          {(p) => (
            <select {...p} name="recordType" value={form.recordType} onChange={(e) => set('recordType', e.target.value as DnsRecordType)}>
              {DNS_RECORD_TYPES.map((t) => (
                <option key={t}>{t}</option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field
        label="Resolver"
        optional
        error={err('resolver')}
        hint="The DNS server to ask: an IP address, optionally with a port (9.9.9.9, 9.9.9.9:53, [2620:fe::fe]:53). Empty: the system’s resolvers."
      >
        {(p) => <input {...p} name="resolver" value={form.resolver} onChange={(e) => set('resolver', e.target.value)} placeholder="9.9.9.9" />}
      </Field>
    </>
  );
}
