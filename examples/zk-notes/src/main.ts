import { isTesseraClientError, TesseraClient } from '@tessera/client';
import { openNote, type SealedNote, sealNote } from './note-crypto';

/**
 * The notes page. Sign-in asks Tessera for the client app key (`zk: true`); the key arrives as a non-extractable
 * CryptoKey and lives in this page's memory only, like the tokens: a reload means signing in again (Tessera's
 * session makes that one click, and the hosted UI unlocks the key with the password it just used).
 */

const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const status = (text: string) => {
  element('status').textContent = text;
};

const config = (await (await fetch('/config.json')).json()) as { issuer: string; clientId: string };
const client = await TesseraClient.create({
  issuer: config.issuer,
  clientId: config.clientId,
  redirectUri: `${location.origin}/callback`,
  postLogoutRedirectUri: `${location.origin}/`,
});

let signedIn: { key: CryptoKey; sub: string; name: string } | null = null;

if (location.pathname === '/callback') {
  try {
    // Checks state, iss, the ID token and the key delivery; removes code and key from the address bar.
    const result = await client.handleCallback();
    if (!result.zkKey) throw new Error('no key was delivered');
    const name = String(result.claims.email ?? result.claims.name ?? result.claims.sub);
    signedIn = { key: result.zkKey.key, sub: result.claims.sub, name };
  } catch (error) {
    status(isTesseraClientError(error) ? `Sign-in failed (${error.code}).` : 'Sign-in failed.');
  }
  history.replaceState(null, '', '/');
}

async function api(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(path, {
    ...init,
    headers: { ...init.headers, authorization: `Bearer ${await client.accessToken()}` },
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response;
}

async function showNotes(): Promise<void> {
  if (!signedIn) return;
  const notes = (await (await api('/api/notes')).json()) as SealedNote[];
  const list = element('notes');
  list.replaceChildren();
  for (const note of notes) {
    const item = document.createElement('li');
    try {
      item.textContent = await openNote(signedIn.key, signedIn.sub, note);
    } catch {
      item.textContent = '(this note does not open with your current key)';
    }
    list.append(item);
  }
}

element('sign-in').addEventListener('click', () => {
  void client.signIn({ zk: true, scopes: ['email'] });
});
element('sign-out').addEventListener('click', () => {
  void client.signOut();
});
element<HTMLFormElement>('new-note').addEventListener('submit', async (event) => {
  event.preventDefault();
  if (!signedIn) return;
  const text = element<HTMLTextAreaElement>('note-text');
  const sealed = await sealNote(signedIn.key, signedIn.sub, text.value);
  await api('/api/notes', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(sealed),
  });
  text.value = '';
  await showNotes();
});

element('signed-out').hidden = signedIn !== null;
element('signed-in').hidden = signedIn === null;
if (signedIn) {
  element('who').textContent = signedIn.name;
  await showNotes();
}
