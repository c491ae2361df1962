import type { AccountServices } from '../accounts/services.js';
import type { Infrastructure } from '../app/infrastructure.js';
import { loadServerSecret } from '../crypto/server-secrets.js';
import type { OrganizationServices } from '../orgs/services.js';
import { OtpService } from './service.js';

/** The OTP slice's services (`context.otp.factors`). */
export interface OtpServices {
  /** Each account's TOTP factor and backup codes, users and admins alike. */
  factors: OtpService;
}

export async function createOtpServices(
  { database, sealer, settings, metrics }: Infrastructure,
  { accounts, orgs }: { accounts: AccountServices; orgs: OrganizationServices },
): Promise<OtpServices> {
  const { organizations } = orgs;
  const factors = new OtpService(
    database.db,
    sealer,
    settings,
    await loadServerSecret(database.db, sealer, 'otp_backup_code_key'),
    () => settings.get('product.name'),
    organizations,
  );
  const verifications = metrics.counter(
    'second_factor_verifications_total',
    'Second-factor codes checked at sign-in and step-up, by method and outcome',
    ['method', 'outcome'],
  );
  factors.countOutcomes((method, outcome) => verifications.inc({ method, outcome }));
  // TOTP is one kind of second factor: sign-in and step-up ask for "a second factor", never for TOTP by name.
  accounts.secondFactors.register(factors);
  // A factor enrolled by whoever pre-registered an address goes when its owner takes the account over.
  accounts.lifecycle.credentialsDiscarded.handle((userId) => factors.remove({ kind: 'user', id: userId }));
  return { factors };
}
