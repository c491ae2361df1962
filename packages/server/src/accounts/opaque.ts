import * as opaque from '@serenity-kit/opaque';
import { eq } from 'drizzle-orm';
import type { Sealer } from '../crypto/seal.js';
import { serverSecrets } from '../crypto/tables.js';
import type { Db } from '../db/client.js';

const SETUP_NAME = 'opaque_server_setup';

/**
 * The OPAQUE server (RFC 9807, @serenity-kit/opaque: ristretto255, Argon2id on the client). Its long-term setup is
 * generated once, sealed under the KEK, and cached in memory; changing it would invalidate every password.
 */
export class OpaqueServer {
  private setup: string | null = null;

  constructor(
    private readonly db: Db,
    private readonly sealer: Sealer,
  ) {}

  private context() {
    return { table: 'server_secrets', column: 'value_sealed', row: SETUP_NAME };
  }

  /** Creates the server setup if none exists (racing nodes: the first insert wins, the others read it). */
  async ensureSetup(): Promise<void> {
    await opaque.ready;
    const [existing] = await this.db.select().from(serverSecrets).where(eq(serverSecrets.name, SETUP_NAME));
    if (!existing) {
      const sealed = this.sealer.seal(opaque.server.createSetup(), this.context());
      await this.db
        .insert(serverSecrets)
        .values({ name: SETUP_NAME, valueSealed: sealed })
        .onConflictDoNothing();
    }
    const [row] = await this.db.select().from(serverSecrets).where(eq(serverSecrets.name, SETUP_NAME));
    this.setup = this.sealer.openText(row!.valueSealed, this.context());
  }

  private serverSetup(): string {
    if (!this.setup) throw new Error('OPAQUE server setup not loaded');
    return this.setup;
  }

  registrationResponse(userIdentifier: string, registrationRequest: string): string {
    return opaque.server.createRegistrationResponse({
      serverSetup: this.serverSetup(),
      userIdentifier,
      registrationRequest,
    }).registrationResponse;
  }

  /**
   * With `record` null (unknown account) the library answers from a fake record derived from the setup and the
   * identifier, indistinguishable from a real one (RFC 9807 §10.9, client enumeration).
   */
  startLogin(userIdentifier: string, record: string | null, startLoginRequest: string) {
    return opaque.server.startLogin({
      serverSetup: this.serverSetup(),
      userIdentifier,
      registrationRecord: record,
      startLoginRequest,
    });
  }

  /** Returns true when the client proved knowledge of the password. */
  finishLogin(serverLoginState: string, finishLoginRequest: string): boolean {
    try {
      opaque.server.finishLogin({ serverLoginState, finishLoginRequest });
      return true;
    } catch {
      return false;
    }
  }
}
