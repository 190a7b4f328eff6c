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
  /** Also good for client authentication (a client certificate for mutual TLS). */
  clientAuth?: boolean;
  /**
   * The raw text of the notBefore / notAfter times as they go on the wire (UTCTime
   * `YYMMDDHHMMSSZ`), written as given even when it is not a time (month 13): the certificate is
   * then signed again, so a malformed date is its only defect.
   */
  rawNotBefore?: string;
  rawNotAfter?: string;
  /** Subject attributes instead of a commonName from `names`; `[]` gives an empty subject. */
  subject?: forge.pki.CertificateField[];
  /** Raw SAN entries (forge altNames) instead of those made from `names`. */
  altNames?: object[];
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
  const caName = [
    { name: 'commonName', value: 'Lookout Test CA' },
    { name: 'organizationName', value: 'Lookout Tests' },
  ];
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
      const subject = options.subject ?? [{ name: 'commonName', value: names[0] ?? 'leaf' }];
      const signingKey = options.selfSigned ? leafKeys.privateKey : caKeys.privateKey;
      const leaf = build({
        publicKey: leafKeys.publicKey,
        signingKey,
        subject,
        issuer: options.selfSigned ? subject : caName,
        validFrom: options.validFrom ?? daysFromNow(-1),
        validTo: options.validTo ?? daysFromNow(90),
        extensions: [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
          { name: 'extKeyUsage', serverAuth: true, ...(options.clientAuth ? { clientAuth: true } : {}) },
          {
            name: 'subjectAltName',
            altNames: options.altNames ?? names.map((n) => (isIP(n) ? { type: 7, ip: n } : { type: 2, value: n })),
          },
        ],
      });
      const raw = options.rawNotBefore !== undefined || options.rawNotAfter !== undefined;
      const cert = raw ? withRawValidity(leaf, signingKey, options.rawNotBefore, options.rawNotAfter) : forge.pki.certificateToPem(leaf);
      return { key: leafKeyPem, cert };
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

/**
 * The certificate as PEM with the validity times replaced by the given raw UTCTime texts, signed
 * again with `signingKey`. forge would refuse to build such a certificate, so its DER is edited.
 */
function withRawValidity(cert: forge.pki.Certificate, signingKey: forge.pki.rsa.PrivateKey, notBefore?: string, notAfter?: string): string {
  const asn1 = forge.pki.certificateToAsn1(cert);
  const [tbs, , signatureValue] = asn1.value as forge.asn1.Asn1[];
  // tbsCertificate: [0] version, serial, signature algorithm, issuer, validity, subject, ...
  const validity = (tbs!.value as forge.asn1.Asn1[])[4]!;
  const [before, after] = validity.value as forge.asn1.Asn1[];
  if (notBefore !== undefined) before!.value = notBefore;
  if (notAfter !== undefined) after!.value = notAfter;
  const md = forge.md.sha256.create();
  md.update(forge.asn1.toDer(tbs!).getBytes());
  signatureValue!.value = String.fromCharCode(0) + signingKey.sign(md);
  return forge.pem.encode({ type: 'CERTIFICATE', body: forge.asn1.toDer(asn1).getBytes() });
}
