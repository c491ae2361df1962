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

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'userId' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const database = await open();
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
  await run('readwrite', (store) => store.put(device));
}

export async function forgetDevice(userId: string): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await run('readwrite', (store) => store.delete(userId)).catch(() => undefined);
}
