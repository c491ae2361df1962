import { AccountRootKey } from './account-root-key';
import { type EnvelopeBinding, openEnvelope, type StoredEnvelope } from './envelope';
import type { EnvelopeSecret } from './envelope-secret';
import { ZkError } from './errors';

/** `GET /crypto/keybag` (docs/zk.md §7), the members the browser uses. */
export interface KeybagView {
  user_id: string;
  exists: boolean;
  account_key: { key_id: string; version: number; scheme: number; key_check: string } | null;
  envelopes: StoredEnvelope[];
}

export interface NewAccountKey {
  ark: AccountRootKey;
  /** UUID chosen here for this ARK (§4); a new one means new-key setup. */
  keyId: string;
  keyCheck: string;
  /** What the first envelopes are sealed for: a new keybag is version 1 (§4). */
  binding: EnvelopeBinding;
}

/**
 * A new account key for `userId` (first ZK authorization, or new-key setup with `version` = the current
 * `expected_version + 1`): the ARK, its id and key check, ready for `POST /crypto/keybag/account-key` (or
 * `/rotate`) together with envelopes sealed for `binding`.
 */
export async function newAccountKey(userId: string, version = 1): Promise<NewAccountKey> {
  const ark = await AccountRootKey.generate();
  const keyId = globalThis.crypto.randomUUID().toLowerCase();
  return { ark, keyId, keyCheck: await ark.keyCheck(userId, keyId), binding: { userId, keyId, version } };
}

/** The binding of the keybag's current account key, for opening its envelopes or adding one. */
export function keybagBinding(keybag: KeybagView): EnvelopeBinding & { keyCheck: string } {
  if (keybag.account_key === null) throw new ZkError('invalid_envelope', 'the user has no account key yet');
  return {
    userId: keybag.user_id,
    keyId: keybag.account_key.key_id,
    version: keybag.account_key.version,
    keyCheck: keybag.account_key.key_check,
  };
}

/**
 * Unlocks the keybag with `secret`: tries its usable envelopes of the secret's type (a user may hold several
 * recovery keys), or only `envelopeId` when given (a passkey's own envelope). Resolves with the ARK, which has
 * passed the key check; rejects with the last envelope's error, or `envelope_open_failed` when none is of that type.
 * With a recovery key this is also "recovery verification": it changes nothing on the server.
 */
export async function unlockKeybag(
  keybag: KeybagView,
  secret: EnvelopeSecret,
  envelopeId?: string,
): Promise<AccountRootKey> {
  return (await unlockKeybagEnvelope(keybag, secret, envelopeId)).ark;
}

/**
 * As `unlockKeybag`, and says which envelope opened: the hosted UI names it to `/authorize/finalize` so the server
 * can show when each envelope was last used (docs/zk.md §7.2).
 */
export async function unlockKeybagEnvelope(
  keybag: KeybagView,
  secret: EnvelopeSecret,
  envelopeId?: string,
): Promise<{ ark: AccountRootKey; envelopeId: string }> {
  const binding = keybagBinding(keybag);
  const candidates = keybag.envelopes.filter(
    (envelope) =>
      envelope.type === secret.type &&
      (envelope.status === undefined || envelope.status === 'usable') &&
      (envelopeId === undefined || envelope.id === envelopeId),
  );
  let failure: unknown = new ZkError(
    'envelope_open_failed',
    `the keybag has no usable ${secret.type} envelope`,
  );
  for (const envelope of candidates) {
    try {
      return { ark: await openEnvelope(envelope, binding, secret), envelopeId: envelope.id };
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}
