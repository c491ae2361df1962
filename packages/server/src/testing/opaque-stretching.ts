import type * as opaque from '@serenity-kit/opaque';

type KeyStretching = NonNullable<Parameters<typeof opaque.client.finishLogin>[0]['keyStretching']>;

/**
 * The OPAQUE client's key stretching for tests that run the client in Node.
 *
 * The production client (the hosted UI, `tessera install`) stretches the password with Argon2id at the library's
 * default, about half a second of CPU per registration or sign-in; the server never sees it and cannot tell
 * (RFC 9807: the key stretching function is part of the client's finalisation only). The Node test projects (vitest.config.ts) set
 * TESSERA_TEST_OPAQUE_STRETCHING=light so hundreds of test sign-ins use one cheap Argon2id pass instead, as the
 * benchmark's load generator does. A user must be registered and signed in with the same setting. The browser
 * tests set it too, and their pages use the same light pass (e2e/browser.ts) unless a test asks for the production
 * default; the CLI always uses the default.
 */
export function testKeyStretching(): KeyStretching | undefined {
  return process.env.TESSERA_TEST_OPAQUE_STRETCHING === 'light'
    ? { 'argon2id-custom': { iterations: 1, memory: 256, parallelism: 1 } }
    : undefined;
}
