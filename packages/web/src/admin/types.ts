/** Shapes of the admin API's answers (see /openapi.json on the admin port, the authority). */

export type GrantType = 'authorization_code' | 'refresh_token' | 'client_credentials';
export type SigningAlg = 'RS256' | 'ES256' | 'EdDSA';
export const SIGNING_ALGS: readonly SigningAlg[] = ['RS256', 'ES256', 'EdDSA'];

export interface ClientScope {
  scope: string;
  description: string;
}

export interface ClientView {
  client_id: string;
  name: string;
  description: string;
  logo_uri: string | null;
  app_url: string | null;
  type: 'public' | 'confidential';
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
  grant_types: GrantType[];
  scopes: ClientScope[];
  require_pkce: boolean;
  id_token_signed_response_alg: string;
  access_token_ttl_seconds: number | null;
  id_token_ttl_seconds: number | null;
  refresh_token_ttl_seconds: number | null;
  first_party: boolean;
  organization_required: boolean;
  zk_delivery: string;
  zk_required: boolean;
  show_on_dashboard: boolean;
  icon: ClientIcon | null;
  secret: { created_at: string; last_used_at: string | null; hint: string } | null;
  created_at: string;
  updated_at: string;
}

/** An uploaded client icon (PUT /admin/clients/{id}/icon). */
export interface ClientIcon {
  content_type: string;
  size_bytes: number;
  etag: string;
  updated_at: string;
  /** Its path on the public port, as the hosted UI shows it. */
  url: string;
}

/** The writable fields (ClientInputSchema on the server). */
export interface ClientInput {
  client_id?: string;
  name: string;
  description?: string;
  logo_uri?: string | null;
  app_url?: string | null;
  type: 'public' | 'confidential';
  redirect_uris: string[];
  post_logout_redirect_uris?: string[];
  grant_types: GrantType[];
  scopes?: ClientScope[];
  require_pkce?: boolean;
  id_token_signed_response_alg?: SigningAlg;
  access_token_ttl_seconds?: number | null;
  id_token_ttl_seconds?: number | null;
  refresh_token_ttl_seconds?: number | null;
  first_party?: boolean;
  organization_required?: boolean;
  zk_delivery?: 'none' | 'v2' | 'legacy-v1';
  zk_required?: boolean;
  show_on_dashboard?: boolean;
}

export interface UserView {
  id: string;
  email: string;
  email_verified: boolean;
  name: string;
  status: 'active' | 'disabled';
}

export interface AdminUserView {
  id: string;
  email: string;
  name: string;
  role: 'read' | 'write';
  status: string;
}

/** The part of JSON Schema a setting's type uses (TypeBox on the server). */
export interface SettingSchema {
  type?: string;
  /** A choice among constants (a union of literals). */
  anyOf?: { type?: string; const?: unknown }[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}

export interface SettingView {
  key: string;
  value: unknown;
  default: unknown;
  description: string;
  secure: boolean;
  configured: boolean;
  schema: SettingSchema;
}

export type EmailTemplateName =
  | 'verification'
  | 'password_reset'
  | 'email_change'
  | 'existing_account'
  | 'organization_invite';

/** An email template's editable text: plain text with {{variable}} placeholders. */
export interface EmailTemplateContent {
  subject: string;
  paragraphs: string[];
  action_label: string;
}

export interface EmailTemplateView {
  name: EmailTemplateName;
  description: string;
  variables: { name: string; description: string }[];
  default: EmailTemplateContent;
  current: EmailTemplateContent;
  overridden: boolean;
}

export interface RenderedEmailView {
  subject: string;
  text: string;
  html: string;
}

export interface KeyView {
  kid: string;
  alg: string;
  state: string;
  created_at: string;
  activated_at: string | null;
  promotion_requested_at: string | null;
  becomes_current_after: string | null;
  retired_at: string | null;
  removed_after: string | null;
}

export interface AuditEventView {
  id: number;
  at: string;
  action: string;
  outcome: string;
  actor_type: string;
  actor_id: string | null;
  target_type: string | null;
  target_id: string | null;
  ip_address: string | null;
  user_agent: string | null;
  details: Record<string, unknown>;
}
