/**
 * Command-line options the bench scripts read alike: checked at once, refused loudly.
 */

/**
 * A positive number option.
 * @param {string} name the option, without its dashes
 * @param {string} value
 */
export function positive(name, value) {
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new Error(`--${name} must be a positive number`);
  return number;
}

/**
 * A comma-separated option whose every item is one of `allowed`.
 * @template {string} T
 * @param {string} noun what an item is, for the refusal ("scenario", "target")
 * @param {string} value
 * @param {readonly T[]} allowed
 * @returns {T[]}
 */
export function listOf(noun, value, allowed) {
  return value.split(',').map((item) => {
    if (!(/** @type {readonly string[]} */ (allowed).includes(item)))
      throw new Error(`unknown ${noun} ${item}`);
    return /** @type {T} */ (item);
  });
}

/**
 * The servers a bench run can start: Tessera and the peer (oidc-provider) in three variants: `peer` in memory with
 * a constant-time password compare (the floor), `peer-pg` on PostgreSQL through a persistent adapter, `peer-argon2`
 * checking passwords with Argon2id (bench/peer-server.mjs).
 */
export const TARGETS = /** @type {const} */ (['tessera', 'peer', 'peer-pg', 'peer-argon2']);
/** @typedef {(typeof TARGETS)[number]} Target */
