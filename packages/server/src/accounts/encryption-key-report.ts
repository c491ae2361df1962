/**
 * What is left of an account's encryption key (docs/zk.md §3.1), for the password-reset confirmation: whether the
 * account has one, and what other than the password can still open it. Key custody (the keys slice, built after
 * this one) answers; until it does, asking fails rather than guessing.
 */
export interface EncryptionKeyState {
  exists: boolean;
  /** The usable envelope types other than the password, sorted: `passkey_prf`, `recovery_key`, `trusted_device`. */
  opensWith: string[];
}

export type EncryptionKeyLookup = (userId: string) => Promise<EncryptionKeyState>;

export class EncryptionKeyReport {
  private lookup: EncryptionKeyLookup | undefined;

  answerWith(lookup: EncryptionKeyLookup): void {
    this.lookup = lookup;
  }

  of(userId: string): Promise<EncryptionKeyState> {
    if (!this.lookup) throw new Error("nothing answers what is left of an account's encryption key");
    return this.lookup(userId);
  }
}
