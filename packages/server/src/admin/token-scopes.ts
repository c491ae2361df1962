import type { Access } from '../app/access.js';

/**
 * The areas of the admin API an admin API token may be granted (docs/admin-api-tokens.md), each the owner of
 * routes tagged in the OpenAPI document. A route whose tag has no area here (admins themselves, the signed-in
 * admin's own session, password, second factor and passkeys, the tokens themselves, install, metrics) is refused
 * to every token: a token can never create tokens or admins.
 */
export const ADMIN_TOKEN_AREAS = [
  'users',
  'clients',
  'organizations',
  'settings',
  'keys',
  'scim',
  'federation',
  'audit',
  'webhooks',
] as const;
export type AdminTokenArea = (typeof ADMIN_TOKEN_AREAS)[number];

/** A token's scope: `read` (every area's reads) or one area's changes (which include that area's reads). */
export type AdminTokenScope = 'read' | `${AdminTokenArea}:write`;

export const ADMIN_TOKEN_SCOPES: readonly AdminTokenScope[] = [
  'read',
  ...ADMIN_TOKEN_AREAS.map((area) => `${area}:write` as const),
];

/** The OpenAPI tag of each admin route family, and its area. */
export const AREA_BY_TAG: Readonly<Record<string, AdminTokenArea>> = {
  'admin-users': 'users',
  'admin-clients': 'clients',
  'admin-organizations': 'organizations',
  'admin-settings': 'settings',
  'admin-email-templates': 'settings',
  'admin-branding': 'settings',
  'admin-keys': 'keys',
  'admin-scim': 'scim',
  'admin-federation': 'federation',
  'admin-audit': 'audit',
  'admin-webhooks': 'webhooks',
};

/** The admin route families no token may call: admins themselves, the signed-in admin's own, the tokens. */
export const NO_TOKEN_TAGS: readonly string[] = [
  'admin-admins',
  'admin-session',
  'admin-otp',
  'admin-tokens',
];

/** The declared access values a token may stand in for: a complete admin session's, never one owing a factor. */
const TOKEN_ACCESS: readonly Access[] = ['session', 'session+csrf', 'admin-write'];

/** The area of a route from its OpenAPI tags, or null when tokens may not call it. */
export function routeArea(tags: readonly string[] | undefined, access: Access): AdminTokenArea | null {
  if (!TOKEN_ACCESS.includes(access)) return null;
  const areas = new Set((tags ?? []).map((tag) => AREA_BY_TAG[tag]));
  const [area] = areas;
  // A route tagged for two areas, or for none, is not a token's.
  return areas.size === 1 && area !== undefined ? area : null;
}

/** The scope a call needs: a read (GET, HEAD) any `read` or the area's `:write`; a change the area's `:write`. */
export function scopeAllows(scopes: readonly string[], area: AdminTokenArea, method: string): boolean {
  const write = `${area}:write`;
  if (method === 'GET' || method === 'HEAD') return scopes.includes('read') || scopes.includes(write);
  return scopes.includes(write);
}

/** The scope a call would need, for the refusal's message. */
export function neededScope(area: AdminTokenArea, method: string): AdminTokenScope {
  return method === 'GET' || method === 'HEAD' ? 'read' : `${area}:write`;
}
