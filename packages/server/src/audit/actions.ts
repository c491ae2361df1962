/**
 * The actions the audit log records, by name. Each slice lists its own (`<slice>/audit-actions.ts`, its module's
 * `auditActions`) and types them here by declaration merging:
 * `declare module '../audit/actions.js' { interface AuditActionCatalogue extends AuditActionsOf<typeof MINE> {} }`.
 * `AuditLog.record` and `recordChange` take only these; app/modules.ts gathers the list the admin portal's audit
 * filter reads from `GET /admin/audit/actions`.
 */
export interface AuditActionCatalogue extends AuditActionsOf<typeof CORE_AUDIT_ACTIONS> {}

export type AuditAction = keyof AuditActionCatalogue & string;

/** The catalogue entries of a list of actions. */
export type AuditActionsOf<List extends readonly string[]> = { readonly [Action in List[number]]: true };

/** What the shared floors record themselves: KEK and signing-key rotation (crypto/). */
export const CORE_AUDIT_ACTIONS = ['kek.rotated', 'signing_keys.rotated'] as const;
