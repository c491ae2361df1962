/**
 * What a sign-in must remember across the redirect to the provider and back: PKCE verifier, nonce, and for ZK the
 * ephemeral private key. The key is a non-extractable CryptoKey, which IndexedDB stores as a structured clone
 * without ever exposing its bytes — unlike localStorage, which holds only strings and so could hold only an
 * extractable key's bytes (never used here).
 */
export interface SignInTransaction {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  /** `v2` for key delivery, `legacy-v1` for the legacy format, null without ZK. */
  zk: 'v2' | 'legacy-v1' | null;
  zkPrivateKey: CryptoKey | null;
  organizationId: string | null;
  /** Milliseconds since the epoch: transactions older than `TRANSACTION_LIFETIME_MS` are refused. */
  createdAt: number;
}

/** An authorization request left pending longer than this is not completed (its code would have expired too). */
export const TRANSACTION_LIFETIME_MS = 15 * 60_000;

export interface TransactionStore {
  put(transaction: SignInTransaction): Promise<void>;
  /** Returns and deletes the transaction of this state (a callback is completed at most once). */
  take(state: string): Promise<SignInTransaction | null>;
}

/** In the page's memory: enough for a popup or a test; lost on a full-page redirect. */
export class MemoryTransactionStore implements TransactionStore {
  readonly #byState = new Map<string, SignInTransaction>();
  async put(transaction: SignInTransaction): Promise<void> {
    this.#byState.set(transaction.state, transaction);
  }
  async take(state: string): Promise<SignInTransaction | null> {
    const found = this.#byState.get(state) ?? null;
    this.#byState.delete(state);
    return found;
  }
}

const DATABASE = 'tessera-client';
const STORE = 'sign-in-transactions';

function request<T>(operation: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    operation.onsuccess = () => resolve(operation.result);
    operation.onerror = () => reject(operation.error);
  });
}

/** In IndexedDB, which survives the redirect and keeps CryptoKeys non-extractable. */
export class IndexedDbTransactionStore implements TransactionStore {
  #database: Promise<IDBDatabase> | null = null;

  #open(): Promise<IDBDatabase> {
    this.#database ??= new Promise((resolve, reject) => {
      const opening = indexedDB.open(DATABASE, 1);
      opening.onupgradeneeded = () => opening.result.createObjectStore(STORE, { keyPath: 'state' });
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    return this.#database;
  }

  async put(transaction: SignInTransaction): Promise<void> {
    const database = await this.#open();
    const store = database.transaction(STORE, 'readwrite').objectStore(STORE);
    // Drop abandoned sign-ins while here, so the store does not grow with every redirect that never came back.
    const all = await request(store.getAll() as IDBRequest<SignInTransaction[]>);
    for (const old of all) {
      if (Date.now() - old.createdAt > TRANSACTION_LIFETIME_MS) store.delete(old.state);
    }
    await request(store.put(transaction));
  }

  async take(state: string): Promise<SignInTransaction | null> {
    const database = await this.#open();
    const store = database.transaction(STORE, 'readwrite').objectStore(STORE);
    const found = (await request(store.get(state) as IDBRequest<SignInTransaction | undefined>)) ?? null;
    if (found) await request(store.delete(state));
    return found;
  }
}

export function defaultTransactionStore(): TransactionStore {
  return typeof indexedDB === 'undefined' ? new MemoryTransactionStore() : new IndexedDbTransactionStore();
}
