import type { AuditAction } from './actions.js';
import type { AuditEventInput } from './audit-log.js';

/**
 * Who makes a change that a service records in the audit log: an admin through the admin API (`adminActor` of
 * app/ports/admin-audit.ts, with the request it came from), or the operator at the host with the `tessera` command
 * (`BY_COMMAND`). The service builds the entry, so every caller records the same change the same way.
 */
export interface ChangeAuthor {
  actor: AuditEventInput['actor'];
  request?: AuditEventInput['request'];
  /** `cli`: made with the `tessera` command, said in the entry's details as `via`. */
  via?: 'cli';
}

/** A change made with the `tessera` command: by the system, on the host (no admin signed in). */
export const BY_COMMAND: ChangeAuthor = { actor: { type: 'system' }, via: 'cli' };

/**
 * How a change made with the `tessera` command is recorded: by the system, on the host (no admin signed in). Here,
 * not in audit-log.ts, so that the command's own modules load without the database layer.
 */
export const COMMAND_ACTOR = { outcome: 'success', actor: { type: 'system' } } as const;

/** The audit entry of a successful change by `by`: what was done, to what, with which (non-secret) details. */
export function authoredEntry(
  by: ChangeAuthor,
  action: AuditAction,
  target: { type: string; id: string },
  details: Record<string, unknown> = {},
): AuditEventInput {
  return {
    action,
    outcome: 'success',
    actor: by.actor,
    ...(by.request === undefined ? {} : { request: by.request }),
    target,
    details: by.via === undefined ? details : { via: by.via, ...details },
  };
}
