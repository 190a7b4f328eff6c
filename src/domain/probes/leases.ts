import type { SecretBox } from '../secrets/secret-box.js';

/** What a lease says: which probe holds which check until when. */
export interface LeaseTerms {
  /** The probe token the check was handed to. */
  tokenId: string;
  region: string;
  monitorId: string;
  teamId: string | null;
  /** The monitor's type when it was handed out (counted by type in /metrics). */
  type: string;
  trigger: string;
  dueAt: number;
  nextDueAt: number | null;
  /** After this (epoch ms) the check is handed out again to whoever asks. */
  expiresAt: number;
}

const PURPOSE = 'probe-lease';

/**
 * Leases handed to probes with their checks, signed with the installation's secret key: any API
 * node (or the same one after a restart) can tell a result for a check it handed to this probe from
 * a forged or borrowed one without remembering every lease. The lease is opaque to the probe.
 */
export class ProbeLeases {
  constructor(private readonly box: Pick<SecretBox, 'signer' | 'verifier'>) {}

  issue(terms: LeaseTerms): string {
    return this.issuer()(terms);
  }

  /** The terms of a lease this installation signed, or null for anything else. */
  read(lease: string): LeaseTerms | null {
    return this.reader()(lease);
  }

  /** Issues the leases of one hand-out: the signing key is looked up once for all of them. */
  issuer(): (terms: LeaseTerms) => string {
    const sign = this.box.signer(PURPOSE);
    return (terms) => {
      const payload = Buffer.from(JSON.stringify(terms)).toString('base64url');
      return `${payload}~${sign(payload)}`;
    };
  }

  /** Reads the leases of one batch of results: the keys are looked up once for all of them. */
  reader(): (lease: string) => LeaseTerms | null {
    const signs = this.box.verifier(PURPOSE);
    return (lease) => {
      const cut = lease.indexOf('~');
      if (cut <= 0) return null;
      const payload = lease.slice(0, cut);
      if (!signs(payload, lease.slice(cut + 1))) return null;
      try {
        return JSON.parse(Buffer.from(payload, 'base64url').toString()) as LeaseTerms;
      } catch {
        return null;
      }
    };
  }
}
