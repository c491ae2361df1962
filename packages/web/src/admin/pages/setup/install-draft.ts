/**
 * What the install wizard collects before anything is saved, and the checks each step makes before the next one
 * opens (the server checks everything again at the end).
 */

import type { AdminMessageKey } from '../../i18n/messages';
import { t } from '../../i18n/text';
import type { InstallChoices, SmtpInput } from '../../opaque-flows';
import { emailError, httpsUrlError, newPasswordError } from '../../validation';

/** The steps in order, by the catalog key of their names. */
export const INSTALL_STEPS = [
  'setup.steps.administrator',
  'setup.steps.service',
  'setup.steps.email',
  'setup.steps.review',
] as const satisfies readonly AdminMessageKey[];

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
    host: smtp.host.trim() === '' ? t('setup.smtp.host.error') : undefined,
    port: Number.isInteger(port) && port >= 1 && port <= 65535 ? undefined : t('setup.smtp.port.error'),
    from: smtp.from.trim().length < 3 ? t('setup.smtp.from.error') : undefined,
  };
}

/** The problems of step `step` (0-based); the review step has none of its own. */
export function stepErrors(step: number, draft: InstallDraft): StepErrors {
  if (step === 0) return { email: emailError(draft.email), password: newPasswordError(draft.password) };
  if (step === 1)
    return {
      productName: draft.productName.trim() === '' ? t('setup.service.productName.error') : undefined,
      baseUrl: httpsUrlError(draft.baseUrl, t('setup.service.baseUrlNoun')),
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
