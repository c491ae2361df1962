import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SelfSignedCertificate {
  /** PEM certificate; also the trust anchor to give a client (it is its own CA). */
  cert: string;
  /** PEM private key (P-256). */
  key: string;
}

/**
 * A fresh self-signed certificate for test servers, valid for the given DNS names (subjectAltName), made with the
 * `openssl` command line tool (Node cannot issue X.509 certificates itself).
 */
export function createSelfSignedCertificate(dnsNames: readonly string[]): SelfSignedCertificate {
  const [commonName] = dnsNames;
  if (!commonName) throw new Error('at least one DNS name is needed');
  const directory = mkdtempSync(join(tmpdir(), 'tessera-tls-'));
  try {
    const keyFile = join(directory, 'key.pem');
    const certFile = join(directory, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-days',
        '2',
        '-subj',
        `/CN=${commonName}`,
        '-addext',
        `subjectAltName=${dnsNames.map((name) => `DNS:${name}`).join(',')}`,
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      { stdio: 'pipe' },
    );
    return { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
