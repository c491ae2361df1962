/**
 * What the install wizard collects before anything is saved, and the checks each step makes before the next one
 * opens (the server checks everything again at the end).
 */
import type { InstallChoices, SmtpInput } from '../../opaque-flows';
import { emailError, httpsUrlError, newPasswordError } from '../../validation';

export const INSTALL_STEPS = ['Administrator', 'Service', 'Email', 'Review'] as const;

export interface SmtpDraft {
  host: string;
  port: string;
  security: SmtpInput['security'];
  user: string;
  password: string;
  from: string;
}

export interface InstallDraft {
  email: string;
  adminName: string;
  password: string;
  productName: string;
  baseUrl: string;
  selfRegistration: 'closed' | 'open';
  configureSmtp: boolean;
  smtp: SmtpDraft;
}

export const EMPTY_INSTALL_DRAFT: InstallDraft = {
  email: '',
  adminName: '',
  password: '',
  productName: 'Tessera',
  baseUrl: '',
  selfRegistration: 'closed',
  configureSmtp: false,
  smtp: { host: '', port: '587', security: 'starttls', user: '', password: '', from: '' },
};

/** A message per field name; a field without one is fine. */
export type StepErrors = Record<string, string | undefined>;

export function hasErrors(errors: StepErrors): boolean {
  return Object.values(errors).some(Boolean);
}

/** The SMTP fields' problems (the Email step, and the test message sent from it). */
export function smtpErrors(smtp: SmtpDraft): StepErrors {
  const port = Number(smtp.port);
  return {
    host: smtp.host.trim() === '' ? 'Enter the SMTP server’s host name.' : undefined,
    port: Number.isInteger(port) && port >= 1 && port <= 65535 ? undefined : 'Enter a port from 1 to 65535.',
    from:
      smtp.from.trim().length < 3 ? 'Enter the sender address, like “Acme ID <id@acme.example>”.' : undefined,
  };
}

/** The problems of step `step` (0-based); the review step has none of its own. */
export function stepErrors(step: number, draft: InstallDraft): StepErrors {
  if (step === 0) return { email: emailError(draft.email), password: newPasswordError(draft.password) };
  if (step === 1)
    return {
      productName: draft.productName.trim() === '' ? 'Enter the name people will see.' : undefined,
      baseUrl: httpsUrlError(draft.baseUrl, 'address'),
    };
  if (step === 2 && draft.configureSmtp) return smtpErrors(draft.smtp);
  return {};
}

/** The SMTP settings as the install API takes them (empty user name and password left out). */
export function smtpInput(smtp: SmtpDraft): SmtpInput {
  return {
    host: smtp.host.trim(),
    port: Number(smtp.port),
    security: smtp.security,
    ...(smtp.user ? { user: smtp.user } : {}),
    ...(smtp.password ? { password: smtp.password } : {}),
    from: smtp.from.trim(),
  };
}

export function installChoices(token: string, draft: InstallDraft): InstallChoices {
  return {
    token,
    email: draft.email.trim(),
    password: draft.password,
    adminName: draft.adminName.trim(),
    productName: draft.productName.trim(),
    baseUrl: draft.baseUrl.trim(),
    selfRegistration: draft.selfRegistration === 'open',
    smtp: draft.configureSmtp ? smtpInput(draft.smtp) : null,
  };
}
