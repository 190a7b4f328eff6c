import { isIP } from 'node:net';
import forge from 'node-forge';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface KeyAndCertificate {
  key: string;
  cert: string;
}

export interface LeafOptions {
  /** Default: one day ago. */
  validFrom?: Date;
  /** Default: 90 days after now. */
  validTo?: Date;
  /** SAN entries; IP literals become IP SANs. Default: `localhost` and `127.0.0.1`. */
  names?: readonly string[];
  /** Sign with the leaf's own key instead of the CA's. */
  selfSigned?: boolean;
}

export interface TestCa extends KeyAndCertificate {
  issue(options?: LeafOptions): KeyAndCertificate;
}

export function daysFromNow(days: number): Date {
  return new Date(Date.now() + days * DAY_MS);
}

// One key pair for the CA and one shared by every leaf: tests need no more, and key generation is
// the slow part.
const caKeys = forge.pki.rsa.generateKeyPair({ bits: 2048 });
const leafKeys = forge.pki.rsa.generateKeyPair({ bits: 2048 });
const leafKeyPem = forge.pki.privateKeyToPem(leafKeys.privateKey);

/** A CA named "Lookout Test CA" whose leaves are trusted only where the test passes `cert`. */
export function createTestCa(): TestCa {
  const caName = [{ name: 'commonName', value: 'Lookout Test CA' }, { name: 'organizationName', value: 'Lookout Tests' }];
  const caCert = build({
    publicKey: caKeys.publicKey,
    signingKey: caKeys.privateKey,
    subject: caName,
    issuer: caName,
    validFrom: daysFromNow(-1),
    validTo: daysFromNow(3650),
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
      { name: 'subjectKeyIdentifier' },
    ],
  });
  return {
    key: forge.pki.privateKeyToPem(caKeys.privateKey),
    cert: forge.pki.certificateToPem(caCert),
    issue(options = {}) {
      const names = options.names ?? ['localhost', '127.0.0.1'];
      const subject = [{ name: 'commonName', value: names[0] ?? 'leaf' }];
      const leaf = build({
        publicKey: leafKeys.publicKey,
        signingKey: options.selfSigned ? leafKeys.privateKey : caKeys.privateKey,
        subject,
        issuer: options.selfSigned ? subject : caName,
        validFrom: options.validFrom ?? daysFromNow(-1),
        validTo: options.validTo ?? daysFromNow(90),
        extensions: [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
          { name: 'extKeyUsage', serverAuth: true },
          {
            name: 'subjectAltName',
            altNames: names.map((n) => (isIP(n) ? { type: 7, ip: n } : { type: 2, value: n })),
          },
        ],
      });
      return { key: leafKeyPem, cert: forge.pki.certificateToPem(leaf) };
    },
  };
}

interface BuildOptions {
  publicKey: forge.pki.rsa.PublicKey;
  signingKey: forge.pki.rsa.PrivateKey;
  subject: forge.pki.CertificateField[];
  issuer: forge.pki.CertificateField[];
  validFrom: Date;
  validTo: Date;
  extensions: object[];
}

function build(options: BuildOptions): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = options.publicKey;
  // A positive serial that differs per certificate, so no two test certificates collide.
  cert.serialNumber = '01' + forge.util.bytesToHex(forge.random.getBytesSync(15));
  cert.validity.notBefore = options.validFrom;
  cert.validity.notAfter = options.validTo;
  cert.setSubject(options.subject);
  cert.setIssuer(options.issuer);
  cert.setExtensions(options.extensions);
  cert.sign(options.signingKey, forge.md.sha256.create());
  return cert;
}
