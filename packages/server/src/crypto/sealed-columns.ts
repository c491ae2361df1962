/**
 * Every column holding a value sealed under the KEK, with the column that identifies its row (the row part of the
 * associated data). `tessera kek rotate` re-seals exactly these; a slice that adds a sealed column registers it here.
 */
export interface SealedColumn {
  table: string;
  column: string;
  idColumn: string;
}

export const SEALED_COLUMNS: readonly SealedColumn[] = [
  { table: 'signing_keys', column: 'private_jwk_sealed', idColumn: 'kid' },
  { table: 'client_secrets', column: 'secret_sealed', idColumn: 'id' },
  { table: 'server_secrets', column: 'value_sealed', idColumn: 'name' },
  { table: 'opaque_logins', column: 'state_sealed', idColumn: 'id_hash' },
  { table: 'otp_factors', column: 'secret_sealed', idColumn: 'id' },
];
