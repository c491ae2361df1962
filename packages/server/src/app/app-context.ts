import type { AccountServices } from '../accounts/services.js';
import type { AdminServices } from '../admin/services.js';
import type { BrandingServices } from '../branding/services.js';
import type { ClientRegistrationServices } from '../client-registration/services.js';
import type { ClientServices } from '../clients/services.js';
import type { EmailServices } from '../email/services.js';
import type { FederationServices } from '../federation/services.js';
import type { HousekeepingService } from '../housekeeping/service.js';
import type { KeyServices } from '../keys/services.js';
import type { LogoutServices } from '../logout/services.js';
import type { OAuthServices } from '../oauth/services.js';
import type { OrganizationServices } from '../orgs/services.js';
import type { OtpServices } from '../otp/services.js';
import type { PasskeyServices } from '../passkeys/services.js';
import type { ScimServices } from '../scim/services.js';
import type { WebhookServices } from '../webhooks/services.js';
import type { SharedInfrastructure } from './infrastructure.js';
import type { RateLimits } from './rate-limits.js';

/** Each slice's services under its module's name: `context.accounts.users`, `context.oauth.tokens`, ... */
export interface SliceServices {
  accounts: AccountServices;
  admin: AdminServices;
  branding: BrandingServices;
  clients: ClientServices;
  /** Dynamic Client Registration (RFC 7591, RFC 7592) and its initial access tokens. */
  clientRegistration: ClientRegistrationServices;
  email: EmailServices;
  federation: FederationServices;
  /** Deletes expired rows, on a timer, one node at a time. */
  housekeeping: HousekeepingService;
  keys: KeyServices;
  oauth: OAuthServices;
  orgs: OrganizationServices;
  otp: OtpServices;
  passkeys: PasskeyServices;
  scim: ScimServices;
  webhooks: WebhookServices;
  logout: LogoutServices;
}

/**
 * Everything a request handler may use; one per process (or per test app). It holds no database handle and no
 * store: handlers and slices go through services (only the composition root, app/context.ts, has the database).
 */
export interface AppContext extends SharedInfrastructure, SliceServices {
  rateLimits: RateLimits;
  close(): Promise<void>;
}
