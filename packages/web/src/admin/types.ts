/**
 * Names for the admin API's answers the portal uses. The shapes are generated from the admin port's /openapi.json
 * (shared/api-types, `npm run generate:api-types`); only the names are kept here.
 */
import type { AdminApiBody, AdminApiResponse } from '../shared/api-types/admin-api';

export type ClientView = AdminApiResponse<'GET /admin/clients/{clientId}'>;
export type ClientScope = ClientView['scopes'][number];
/** An uploaded client icon (PUT /admin/clients/{id}/icon). */
export type ClientIcon = NonNullable<ClientView['icon']>;
/** The writable fields of a client. */
export type ClientInput = AdminApiBody<'POST /admin/clients'>;
export type GrantType = ClientInput['grant_types'][number];
export type SigningAlg = NonNullable<ClientInput['id_token_signed_response_alg']>;
export const SIGNING_ALGS: readonly SigningAlg[] = ['RS256', 'ES256', 'EdDSA'];

export type UserView = AdminApiResponse<'GET /admin/users/{userId}'>;
export type AdminUserView = AdminApiResponse<'GET /admin/admin-users'>['admins'][number];

export type SettingView = AdminApiResponse<'GET /admin/settings'>['settings'][number];

/**
 * The part of JSON Schema a setting's type uses (TypeBox on the server). The API types a setting's `schema` as
 * any JSON Schema; this is how the settings page reads it.
 */
export interface SettingSchema {
  type?: string;
  /** A choice among constants (a union of literals). */
  anyOf?: { type?: string; const?: unknown }[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}

export type EmailTemplateView = AdminApiResponse<'GET /admin/email-templates/{name}'>;
export type EmailTemplateName = EmailTemplateView['name'];
/** An email template's editable text: plain text with {{variable}} placeholders. */
export type EmailTemplateContent = EmailTemplateView['current'];
export type RenderedEmailView = AdminApiResponse<'GET /admin/email-templates/{name}/preview'>;

export type KeyView = AdminApiResponse<'GET /admin/keys'>['keys'][number];

export type AuditEventView = AdminApiResponse<'GET /admin/audit/{eventId}'>;
/** An action the audit log records, as `GET /admin/audit/actions` lists them. */
export type AuditAction = AdminApiResponse<'GET /admin/audit/actions'>['actions'][number];
