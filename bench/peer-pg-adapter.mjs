/**
 * The PostgreSQL peer's storage: oidc-provider's adapter interface (upsert, find, findByUserCode, findByUid,
 * consume, destroy, revokeByGrantId; the pattern of the package's documented adapters) over one table on the same
 * PostgreSQL as Tessera, every record a jsonb payload. A code, a refresh token, a session or an interaction is then
 * written, read and consumed through a database round trip, as Tessera's are, so the stateful scenarios compare
 * like with like.
 *
 * The table `bench_peer_oidc` is the peer's own (Tessera's schema has nothing by that name); it is dropped and
 * created again when the peer starts. Expired rows are left in place and read as absent, as the package's
 * documented adapters do (their clean-up runs outside the request path).
 */
import pg from 'pg';

/** Models whose records belong to a grant (revoked with it), as in the package's adapter. */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

const TABLE = 'bench_peer_oidc';

/**
 * Creates the table (afresh) and answers the adapter factory oidc-provider's `adapter` option takes.
 * @param {string} connectionString
 * @param {{ poolSize?: number }} [options]
 */
export async function createPostgresAdapter(connectionString, { poolSize = 10 } = {}) {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  await pool.query(`drop table if exists ${TABLE}`);
  await pool.query(
    `create table ${TABLE} (
      model text not null,
      id text not null,
      payload jsonb not null,
      grant_id text,
      user_code text,
      uid text,
      expires_at timestamptz,
      primary key (model, id)
    )`,
  );
  await pool.query(`create index on ${TABLE} (grant_id) where grant_id is not null`);
  await pool.query(`create index on ${TABLE} (model, uid) where uid is not null`);
  await pool.query(`create index on ${TABLE} (model, user_code) where user_code is not null`);

  const NOT_EXPIRED = '(expires_at is null or expires_at > now())';
  // Named statements: PostgreSQL parses and plans each once per connection, as Tessera's hot statements are.
  const statements = {
    upsert: {
      name: 'peer_upsert',
      text:
        `insert into ${TABLE} (model, id, payload, grant_id, user_code, uid, expires_at) ` +
        `values ($1, $2, $3, $4, $5, $6, case when $7::int is null then null else now() + make_interval(secs => $7::int) end) ` +
        'on conflict (model, id) do update set payload = excluded.payload, grant_id = excluded.grant_id, ' +
        'user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at',
    },
    find: {
      name: 'peer_find',
      text: `select payload from ${TABLE} where model = $1 and id = $2 and ${NOT_EXPIRED}`,
    },
    findByUid: {
      name: 'peer_find_by_uid',
      text: `select payload from ${TABLE} where model = $1 and uid = $2 and ${NOT_EXPIRED} limit 1`,
    },
    findByUserCode: {
      name: 'peer_find_by_user_code',
      text: `select payload from ${TABLE} where model = $1 and user_code = $2 and ${NOT_EXPIRED} limit 1`,
    },
    consume: {
      name: 'peer_consume',
      text:
        `update ${TABLE} set payload = jsonb_set(payload, '{consumed}', to_jsonb(extract(epoch from now())::bigint)) ` +
        'where model = $1 and id = $2',
    },
    destroy: { name: 'peer_destroy', text: `delete from ${TABLE} where model = $1 and id = $2` },
    revokeByGrantId: { name: 'peer_revoke_by_grant', text: `delete from ${TABLE} where grant_id = $1` },
  };

  /**
   * @param {{ name: string, text: string }} statement
   * @param {unknown[]} values
   */
  const payloadOf = async (statement, values) => {
    const { rows } = await pool.query({ ...statement, values });
    return rows[0]?.payload ?? undefined;
  };

  class PostgresAdapter {
    /** @param {string} model */
    constructor(model) {
      this.model = model;
    }

    /**
     * @param {string} id
     * @param {Record<string, any>} payload
     * @param {number} [expiresIn] seconds
     */
    async upsert(id, payload, expiresIn) {
      await pool.query({
        ...statements.upsert,
        values: [
          this.model,
          id,
          payload,
          GRANTABLE.has(this.model) ? (payload.grantId ?? null) : null,
          payload.userCode ?? null,
          payload.uid ?? null,
          typeof expiresIn === 'number' ? Math.ceil(expiresIn) : null,
        ],
      });
    }

    /** @param {string} id */
    find(id) {
      return payloadOf(statements.find, [this.model, id]);
    }

    /** @param {string} uid */
    findByUid(uid) {
      return payloadOf(statements.findByUid, [this.model, uid]);
    }

    /** @param {string} userCode */
    findByUserCode(userCode) {
      return payloadOf(statements.findByUserCode, [this.model, userCode]);
    }

    /** @param {string} id */
    async consume(id) {
      await pool.query({ ...statements.consume, values: [this.model, id] });
    }

    /** @param {string} id */
    async destroy(id) {
      await pool.query({ ...statements.destroy, values: [this.model, id] });
    }

    /** @param {string} grantId */
    async revokeByGrantId(grantId) {
      await pool.query({ ...statements.revokeByGrantId, values: [grantId] });
    }
  }

  return {
    adapter: (/** @type {string} */ model) => new PostgresAdapter(model),
    close: () => pool.end(),
  };
}
