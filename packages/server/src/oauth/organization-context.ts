import { type Client, requiresOrganization } from '../clients/model.js';
import type { OrganizationClaims } from '../orgs/model.js';

/** The organizations slice answers with them (orgs/model.ts); the token issuer signs them. */
export type { OrganizationClaims };

/** What the protocol endpoints need from the organizations slice. */
export interface OrganizationContextSource {
  /** Active organizations in which the user is an active member: the choices at /authorize. */
  choicesFor(userId: string): Promise<{ id: string; name: string; slug: string }[]>;
  /** Claims read afresh, or null when the user is no longer an active member of an active organization. */
  tokenClaims(userId: string, organizationId: string, scope: string): Promise<OrganizationClaims | null>;
}

/**
 * How an authorization request's organization is settled once the user is known (docs/organizations.md):
 * - `organization_id` sent: that organization, which the user must actively belong to;
 * - otherwise, for a client that requires an organization (configured so, or of key scope `organization`,
 *   docs/zk.md §2.2): the user's only organization, or the user's choice among several, or refusal when there is
 *   none;
 * - otherwise no organization context.
 *
 * A refusal says why: `not_a_member` (the organization asked for is not one of the user's) is sent straight back
 * to the client, while `no_organization` is first explained to the user on a page of the hosted UI
 * (docs/organizations.md#choosing-the-organization-at-authorize).
 */
export type OrganizationRefusalReason = 'not_a_member' | 'no_organization';

export type OrganizationResolution =
  | { kind: 'none' }
  | { kind: 'chosen'; organizationId: string }
  | { kind: 'choose'; options: { id: string; name: string }[] }
  | { kind: 'refused'; reason: OrganizationRefusalReason; description: string };

export async function resolveOrganization(
  source: OrganizationContextSource,
  client: Pick<Client, 'organizationRequired' | 'zkKeyScope'>,
  hint: string | null,
  userId: string,
): Promise<OrganizationResolution> {
  if (hint === null && !requiresOrganization(client)) return { kind: 'none' };
  const choices = await source.choicesFor(userId);
  if (hint !== null) {
    // The same answer for an unknown organization and one the user is not in: nothing is revealed.
    return choices.some((choice) => choice.id === hint)
      ? { kind: 'chosen', organizationId: hint }
      : {
          kind: 'refused',
          reason: 'not_a_member',
          description: 'you are not a member of the organization this application asked for',
        };
  }
  if (choices.length === 0) {
    return {
      kind: 'refused',
      reason: 'no_organization',
      description:
        'this application needs an organization, and you are not a member of any; ask to be invited',
    };
  }
  if (choices.length === 1) return { kind: 'chosen', organizationId: choices[0]!.id };
  return { kind: 'choose', options: choices.map(({ id, name }) => ({ id, name })) };
}
