/**
 * This browser's trusted-device keys (docs/zk.md §3.5), one per user, in IndexedDB: the device id, the account key
 * it was made for, and the device key itself — a non-extractable CryptoKey, which IndexedDB stores as a key object
 * (structured clone), never as bytes the page could read.
 */

const DATABASE = 'tessera-trusted-device';
const STORE = 'devices';

export interface StoredDevice {
  userId: string;
  deviceId: string;
  keyId: string;
  key: CryptoKey;
}

/**
 * Opens the database; with `create` false a browser that never trusted a device gets null and no database (reading
 * must not leave anything in storage): the upgrade that would create it is aborted.
 */
function open(create: boolean): Promise<IDBDatabase | null> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    let aborted = false;
    request.onupgradeneeded = () => {
      if (create) {
        request.result.createObjectStore(STORE, { keyPath: 'userId' });
      } else {
        aborted = true;
        request.transaction?.abort();
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => (aborted ? resolve(null) : reject(request.error));
  });
}

async function run<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
  create = false,
): Promise<T | undefined> {
  const database = await open(create);
  if (database === null) return undefined;
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = work(database.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  } finally {
    database.close();
  }
}

/** The device key kept for `userId`, or null (none, or IndexedDB unavailable, e.g. a private window). */
export async function loadDevice(userId: string): Promise<StoredDevice | null> {
  if (typeof indexedDB === 'undefined') return null;
  try {
    return ((await run('readonly', (store) => store.get(userId))) as StoredDevice | undefined) ?? null;
  } catch {
    return null;
  }
}

export async function saveDevice(device: StoredDevice): Promise<void> {
  await run('readwrite', (store) => store.put(device), true);
}

export async function forgetDevice(userId: string): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await run('readwrite', (store) => store.delete(userId)).catch(() => undefined);
}
