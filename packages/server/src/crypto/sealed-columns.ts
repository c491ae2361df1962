/**
 * A column holding a value sealed under the KEK, with the column that identifies its row (the row part of the
 * associated data). `tessera kek rotate` re-seals exactly the listed ones: shared infrastructure lists its own
 * here, and a slice that adds a sealed column lists it in its module (`sealedColumns`, collected in app/modules.ts).
 */
export interface SealedColumn {
  table: string;
  column: string;
  idColumn: string;
}

/** Signing keys, and the server secrets (sealed settings such as the SMTP password, the OPAQUE setup, ...). */
export const CORE_SEALED_COLUMNS: readonly SealedColumn[] = [
  { table: 'signing_keys', column: 'private_jwk_sealed', idColumn: 'kid' },
  { table: 'server_secrets', column: 'value_sealed', idColumn: 'name' },
];
