/**
 * Notes are encrypted with the client app key (AES-256-GCM, a fresh 96-bit IV per note). The AAD names the user,
 * so the server cannot move one user's ciphertext into another user's list without decryption failing.
 */
export interface SealedNote {
  iv: string;
  ciphertext: string;
}

const encode = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
const decode = (text: string) =>
  Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (character) =>
    character.charCodeAt(0),
  );
const aad = (sub: string) => new TextEncoder().encode(JSON.stringify(['zk-notes/v1', sub]));

export async function sealNote(key: CryptoKey, sub: string, text: string): Promise<SealedNote> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: aad(sub) },
    key,
    new TextEncoder().encode(text),
  );
  return { iv: encode(iv), ciphertext: encode(new Uint8Array(sealed)) };
}

export async function openNote(key: CryptoKey, sub: string, note: SealedNote): Promise<string> {
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: decode(note.iv), additionalData: aad(sub) },
    key,
    decode(note.ciphertext),
  );
  return new TextDecoder().decode(plain);
}
