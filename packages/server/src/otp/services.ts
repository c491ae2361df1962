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
  { database, sealer, settings }: Infrastructure,
  { orgs }: { orgs: OrganizationServices },
): Promise<OtpServices> {
  const { organizations } = orgs;
  return {
    factors: new OtpService(
      database.db,
      sealer,
      settings,
      await loadServerSecret(database.db, sealer, 'otp_backup_code_key'),
      () => settings.get('product.name'),
      (userId) => organizations.requiresTotp(userId),
    ),
  };
}
