/**
 * The peer's storage: oidc-provider's adapter interface over Maps in its own process. The adapter the package
 * ships for development keeps at most 1,000 entries (an LRU: a benchmark's codes minted ahead, or a few hundred
 * refresh chains, would be evicted and fail as "not found") and rewrites a grant's whole member list on every
 * token it saves, which grows with every code and token of a grant. This one keeps everything until it expires,
 * with a grant's members in a Set. It is still the in-memory peer the issue compares with: a find is one Map
 * lookup, as in the package's LRU.
 */

/** Models whose records belong to a grant (revoked with it), as in the package's adapter. */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

/** How often expired records are swept out, so a long run's memory does not grow with expired codes. */
const SWEEP_INTERVAL_MS = 30_000;

/** @typedef {{ model: string, id: string, payload: Record<string, any>, expiresAt: number }} Entry */

/**
 * A fresh store and the adapter factory oidc-provider's `adapter` option takes.
 */
export function createMapAdapter() {
  /** @type {Map<string, Entry>} */
  const entries = new Map();
  /** grantId → keys of its records @type {Map<string, Set<string>>} */
  const grants = new Map();
  /** Session uid → session id @type {Map<string, string>} */
  const sessionUids = new Map();
  /** Device user code → id @type {Map<string, string>} */
  const userCodes = new Map();

  /**
   * @param {string} key
   * @param {Entry} entry
   */
  const forget = (key, { model, id, payload }) => {
    entries.delete(key);
    if (model === 'Session' && sessionUids.get(payload.uid) === id) sessionUids.delete(payload.uid);
    if (payload.userCode && userCodes.get(payload.userCode) === id) userCodes.delete(payload.userCode);
    if (GRANTABLE.has(model) && payload.grantId) {
      const members = grants.get(payload.grantId);
      members?.delete(key);
      if (members?.size === 0) grants.delete(payload.grantId);
    }
  };

  setInterval(() => {
    const now = Date.now();
    for (const [key, entry] of entries) if (entry.expiresAt <= now) forget(key, entry);
  }, SWEEP_INTERVAL_MS).unref();

  class MapAdapter {
    /** @param {string} model */
    constructor(model) {
      this.model = model;
    }

    /** @param {string} id */
    key(id) {
      return `${this.model}:${id}`;
    }

    /**
     * @param {string} id
     * @param {Record<string, any>} payload
     * @param {number} [expiresIn] seconds
     */
    async upsert(id, payload, expiresIn) {
      const key = this.key(id);
      const previous = entries.get(key);
      if (previous) forget(key, previous);
      entries.set(key, {
        model: this.model,
        id,
        payload,
        expiresAt: typeof expiresIn === 'number' ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY,
      });
      if (this.model === 'Session') sessionUids.set(payload.uid, id);
      if (payload.userCode) userCodes.set(payload.userCode, id);
      if (GRANTABLE.has(this.model) && payload.grantId) {
        let members = grants.get(payload.grantId);
        if (!members) {
          members = new Set();
          grants.set(payload.grantId, members);
        }
        members.add(key);
      }
    }

    /** @param {string} id */
    async find(id) {
      const key = this.key(id);
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= Date.now()) {
        forget(key, entry);
        return undefined;
      }
      return entry.payload;
    }

    /** @param {string} uid */
    async findByUid(uid) {
      const id = sessionUids.get(uid);
      return id === undefined ? undefined : this.find(id);
    }

    /** @param {string} userCode */
    async findByUserCode(userCode) {
      const id = userCodes.get(userCode);
      return id === undefined ? undefined : this.find(id);
    }

    /** @param {string} id */
    async consume(id) {
      const entry = entries.get(this.key(id));
      if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
    }

    /** @param {string} id */
    async destroy(id) {
      const key = this.key(id);
      const entry = entries.get(key);
      if (entry) forget(key, entry);
    }

    /** @param {string} grantId */
    async revokeByGrantId(grantId) {
      const members = grants.get(grantId);
      if (!members) return;
      for (const key of [...members]) {
        const entry = entries.get(key);
        if (entry) forget(key, entry);
      }
      grants.delete(grantId);
    }
  }

  return (/** @type {string} */ model) => new MapAdapter(model);
}
