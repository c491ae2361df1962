--
-- PostgreSQL database dump
--


-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

SET default_tablespace = '';


--
-- Name: admin_users; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.admin_users (
    id text NOT NULL,
    email text NOT NULL,
    email_normalized text NOT NULL,
    name text DEFAULT ''::text NOT NULL,
    role text NOT NULL,
    status text DEFAULT 'active'::text NOT NULL,
    opaque_record text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: audit_events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.audit_events (
    id bigint NOT NULL,
    at timestamp with time zone DEFAULT now() NOT NULL,
    action text NOT NULL,
    outcome text NOT NULL,
    actor_type text NOT NULL,
    actor_id text,
    target_type text,
    target_id text,
    ip_address text,
    user_agent text,
    details jsonb DEFAULT '{}'::jsonb NOT NULL
);


--
-- Name: audit_events_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.audit_events_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: audit_events_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.audit_events_id_seq OWNED BY public.audit_events.id;


--
-- Name: authorization_codes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.authorization_codes (
    code_hash text NOT NULL,
    client_id text NOT NULL,
    user_id text NOT NULL,
    session_id text NOT NULL,
    redirect_uri text NOT NULL,
    scope text NOT NULL,
    code_challenge text,
    nonce text,
    auth_time timestamp with time zone NOT NULL,
    amr jsonb NOT NULL,
    acr text NOT NULL,
    organization_id text,
    zk_key_hash text,
    zk_drk_hash text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    consumed_at timestamp with time zone,
    grant_id text
);


--
-- Name: authorization_requests; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.authorization_requests (
    id_hash text NOT NULL,
    client_id text NOT NULL,
    parameters jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    consumed_at timestamp with time zone,
    browser_hash text,
    user_id text
);


--
-- Name: client_icons; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.client_icons (
    client_id text NOT NULL,
    content_type text NOT NULL,
    bytes bytea NOT NULL,
    etag text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: client_secrets; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.client_secrets (
    id text NOT NULL,
    client_id text NOT NULL,
    secret_sealed text NOT NULL,
    hint text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_used_at timestamp with time zone,
    revoked_at timestamp with time zone
);


--
-- Name: clients; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.clients (
    id text NOT NULL,
    name text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    logo_uri text,
    app_url text,
    type text NOT NULL,
    redirect_uris jsonb NOT NULL,
    post_logout_redirect_uris jsonb NOT NULL,
    grant_types jsonb NOT NULL,
    scopes jsonb NOT NULL,
    require_pkce boolean DEFAULT true NOT NULL,
    id_token_signed_response_alg text DEFAULT 'RS256'::text NOT NULL,
    access_token_ttl_seconds integer,
    id_token_ttl_seconds integer,
    refresh_token_ttl_seconds integer,
    first_party boolean DEFAULT false NOT NULL,
    organization_required boolean DEFAULT false NOT NULL,
    zk_delivery text DEFAULT 'none'::text NOT NULL,
    zk_required boolean DEFAULT false NOT NULL,
    show_on_dashboard boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    zk_key_scope text DEFAULT 'client'::text NOT NULL
);


--
-- Name: consents; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.consents (
    user_id text NOT NULL,
    client_id text NOT NULL,
    scopes jsonb NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: device_approvals; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.device_approvals (
    id text NOT NULL,
    user_id text NOT NULL,
    pickup_token_hash text NOT NULL,
    public_jwk jsonb NOT NULL,
    label text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    approved_at timestamp with time zone,
    approval jsonb,
    consumed_at timestamp with time zone
);


--
-- Name: email_tokens; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.email_tokens (
    token_hash text NOT NULL,
    user_id text NOT NULL,
    purpose text NOT NULL,
    email text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    consumed_at timestamp with time zone
);


--
-- Name: federated_identities; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.federated_identities (
    id text NOT NULL,
    connection_id text NOT NULL,
    subject text NOT NULL,
    user_id text NOT NULL,
    email text,
    linked_by text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_sign_in_at timestamp with time zone
);


--
-- Name: federation_connections; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.federation_connections (
    id text NOT NULL,
    name text NOT NULL,
    issuer text NOT NULL,
    client_id text NOT NULL,
    client_secret_sealed text,
    discovery_url text,
    authorization_endpoint text NOT NULL,
    token_endpoint text NOT NULL,
    jwks_uri text NOT NULL,
    userinfo_endpoint text,
    scopes jsonb NOT NULL,
    claim_mapping jsonb DEFAULT '{}'::jsonb NOT NULL,
    account_linking_policy text DEFAULT 'email_verified'::text NOT NULL,
    jit_provisioning boolean DEFAULT false NOT NULL,
    trust_upstream_mfa boolean DEFAULT false NOT NULL,
    enabled boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    allow_local_accounts boolean DEFAULT false NOT NULL
);


--
-- Name: federation_domains; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.federation_domains (
    connection_id text NOT NULL,
    domain text NOT NULL,
    challenge text NOT NULL,
    verified_at timestamp with time zone,
    verified_by text,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: federation_flows; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.federation_flows (
    state_hash text NOT NULL,
    browser_hash text NOT NULL,
    connection_id text NOT NULL,
    secrets_sealed text NOT NULL,
    request_id text,
    return_to text,
    expires_at timestamp with time zone NOT NULL,
    consumed_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: grants; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.grants (
    id text NOT NULL,
    client_id text NOT NULL,
    user_id text NOT NULL,
    session_id text,
    scope text NOT NULL,
    organization_id text,
    auth_time timestamp with time zone NOT NULL,
    amr jsonb NOT NULL,
    acr text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    revoked_at timestamp with time zone
);


--
-- Name: install_tokens; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.install_tokens (
    token_hash text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    consumed_at timestamp with time zone
);


--
-- Name: installation; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.installation (
    id smallint DEFAULT 1 NOT NULL,
    completed_at timestamp with time zone
);


--
-- Name: keybag_envelopes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.keybag_envelopes (
    user_id text NOT NULL,
    id text NOT NULL,
    type text NOT NULL,
    scheme integer NOT NULL,
    alg text NOT NULL,
    kdf text NOT NULL,
    kdf_salt text,
    kdf_info text,
    ciphertext text NOT NULL,
    label text DEFAULT ''::text NOT NULL,
    credential_id text,
    prf_salt text,
    device_id text,
    status text DEFAULT 'usable'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_used_at timestamp with time zone
);


--
-- Name: keybags; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.keybags (
    user_id text NOT NULL,
    key_id text NOT NULL,
    version integer NOT NULL,
    scheme integer NOT NULL,
    key_check text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    rotated_at timestamp with time zone,
    last_unlocked_at timestamp with time zone
);


--
-- Name: legacy_wrapped_drks; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.legacy_wrapped_drks (
    user_id text NOT NULL,
    client_id text NOT NULL,
    ciphertext text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: opaque_logins; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.opaque_logins (
    id_hash text NOT NULL,
    user_id text,
    purpose text NOT NULL,
    state_sealed text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    consumed_at timestamp with time zone,
    kind text DEFAULT 'user'::text NOT NULL,
    admin_user_id text
);


--
-- Name: organization_member_roles; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.organization_member_roles (
    member_id text NOT NULL,
    role_key text NOT NULL
);


--
-- Name: organization_members; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.organization_members (
    id text NOT NULL,
    organization_id text NOT NULL,
    user_id text,
    status text NOT NULL,
    invite_email text,
    invite_email_normalized text,
    invite_token_hash text,
    invite_expires_at timestamp with time zone,
    added_by text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    joined_at timestamp with time zone,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: organizations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.organizations (
    id text NOT NULL,
    name text NOT NULL,
    slug text NOT NULL,
    status text DEFAULT 'active'::text NOT NULL,
    settings jsonb DEFAULT '{}'::jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: otp_backup_codes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.otp_backup_codes (
    id text NOT NULL,
    factor_id text NOT NULL,
    code_hash text NOT NULL,
    used_at timestamp with time zone
);


--
-- Name: otp_factors; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.otp_factors (
    id text NOT NULL,
    kind text NOT NULL,
    user_id text,
    admin_user_id text,
    status text NOT NULL,
    secret_sealed text NOT NULL,
    algorithm text NOT NULL,
    digits integer NOT NULL,
    period integer NOT NULL,
    last_step bigint,
    failed_attempts integer DEFAULT 0 NOT NULL,
    locked_until timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    enabled_at timestamp with time zone
);


--
-- Name: passkey_ceremonies; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.passkey_ceremonies (
    challenge_hash text NOT NULL,
    purpose text NOT NULL,
    user_id text,
    session_id text,
    bound_to_account boolean DEFAULT false NOT NULL,
    prf_salt text,
    expires_at timestamp with time zone NOT NULL,
    consumed_at timestamp with time zone,
    kind text DEFAULT 'user'::text NOT NULL,
    admin_user_id text
);


--
-- Name: passkey_credentials; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.passkey_credentials (
    id text NOT NULL,
    user_id text,
    credential_id text NOT NULL,
    public_key text NOT NULL,
    sign_count bigint DEFAULT 0 NOT NULL,
    transports jsonb DEFAULT '[]'::jsonb NOT NULL,
    aaguid text NOT NULL,
    device_type text NOT NULL,
    backed_up boolean NOT NULL,
    name text NOT NULL,
    prf_salt text NOT NULL,
    prf_capable boolean DEFAULT false NOT NULL,
    clone_suspected_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_used_at timestamp with time zone,
    kind text DEFAULT 'user'::text NOT NULL,
    admin_user_id text,
    CONSTRAINT passkey_credentials_owner CHECK ((((kind = 'user'::text) AND (user_id IS NOT NULL) AND (admin_user_id IS NULL)) OR ((kind = 'admin'::text) AND (admin_user_id IS NOT NULL) AND (user_id IS NULL))))
);


--
-- Name: pending_registrations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.pending_registrations (
    id_hash text NOT NULL,
    email text NOT NULL,
    user_id text NOT NULL,
    purpose text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    consumed_at timestamp with time zone,
    kind text DEFAULT 'user'::text NOT NULL
);


--
-- Name: permissions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.permissions (
    key text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    built_in boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: refresh_tokens; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.refresh_tokens (
    token_hash text NOT NULL,
    grant_id text NOT NULL,
    client_id text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    used_at timestamp with time zone
);


--
-- Name: role_permissions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.role_permissions (
    role_key text NOT NULL,
    permission_key text NOT NULL
);


--
-- Name: roles; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.roles (
    key text NOT NULL,
    name text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    built_in boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: scim_connections; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.scim_connections (
    id text NOT NULL,
    name text NOT NULL,
    organization_id text NOT NULL,
    deprovisioning text DEFAULT 'suspend'::text NOT NULL,
    link_by_verified_email boolean DEFAULT false NOT NULL,
    unknown_groups text DEFAULT 'ignore'::text NOT NULL,
    role_mappings jsonb DEFAULT '[]'::jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    provisioned_only boolean DEFAULT false NOT NULL
);


--
-- Name: scim_group_members; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.scim_group_members (
    group_id text NOT NULL,
    scim_user_id text NOT NULL
);


--
-- Name: scim_groups; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.scim_groups (
    id text NOT NULL,
    connection_id text NOT NULL,
    display_name text NOT NULL,
    display_name_normalized text NOT NULL,
    external_id text,
    version integer DEFAULT 1 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: scim_tokens; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.scim_tokens (
    id text NOT NULL,
    connection_id text NOT NULL,
    name text NOT NULL,
    token_hash text NOT NULL,
    prefix text NOT NULL,
    created_by text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_used_at timestamp with time zone,
    expires_at timestamp with time zone,
    revoked_at timestamp with time zone
);


--
-- Name: scim_users; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.scim_users (
    id text NOT NULL,
    connection_id text NOT NULL,
    user_id text NOT NULL,
    owned boolean NOT NULL,
    user_name text NOT NULL,
    user_name_normalized text NOT NULL,
    external_id text,
    display_name text,
    active boolean DEFAULT true NOT NULL,
    email_index jsonb DEFAULT '[]'::jsonb NOT NULL,
    attributes jsonb DEFAULT '{}'::jsonb NOT NULL,
    version integer DEFAULT 1 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    deleted_at timestamp with time zone
);


--
-- Name: server_secrets; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.server_secrets (
    name text NOT NULL,
    value_sealed text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: sessions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sessions (
    id text NOT NULL,
    public_id text NOT NULL,
    user_id text,
    auth_time timestamp with time zone NOT NULL,
    amr jsonb NOT NULL,
    acr text NOT NULL,
    second_factor_pending boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_seen_at timestamp with time zone DEFAULT now() NOT NULL,
    idle_expires_at timestamp with time zone NOT NULL,
    absolute_expires_at timestamp with time zone NOT NULL,
    ended_at timestamp with time zone,
    user_agent text,
    ip_address text,
    kind text DEFAULT 'user'::text NOT NULL,
    admin_user_id text,
    step_up_until timestamp with time zone
);


--
-- Name: settings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.settings (
    key text NOT NULL,
    value jsonb NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: signing_keys; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.signing_keys (
    kid text NOT NULL,
    alg text NOT NULL,
    state text NOT NULL,
    public_jwk jsonb NOT NULL,
    private_jwk_sealed text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    promote_after timestamp with time zone,
    promotion_requested_at timestamp with time zone,
    activated_at timestamp with time zone,
    retired_at timestamp with time zone,
    remove_after timestamp with time zone
);


--
-- Name: tessera_migrations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tessera_migrations (
    name text NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: user_encryption_keys; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.user_encryption_keys (
    user_id text NOT NULL,
    public_jwk jsonb NOT NULL,
    kid text NOT NULL,
    public_updated_at timestamp with time zone DEFAULT now() NOT NULL,
    wrapped_private jsonb,
    private_updated_at timestamp with time zone
);


--
-- Name: users; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.users (
    id text NOT NULL,
    email text NOT NULL,
    email_normalized text NOT NULL,
    email_verified boolean DEFAULT false NOT NULL,
    name text DEFAULT ''::text NOT NULL,
    status text DEFAULT 'active'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    opaque_record text,
    must_change_password boolean DEFAULT false NOT NULL
);


--
-- Name: audit_events id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.audit_events ALTER COLUMN id SET DEFAULT nextval('public.audit_events_id_seq'::regclass);


--
-- Data for Name: admin_users; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.admin_users VALUES ('9884c72f-0a4f-47f7-bca4-1e55473ebb80', 'root@example.com', 'root@example.com', '', 'write', 'active', 'vudnKN5WApAs7dmk2uQlq5BQmZ9ENWvaN8YM7EMi-msu-7B5xaLXpxMJfJfLM4GNr-Ips6NKFUa7MPoh3DXkhSi9iELiV5E3EZxpbnZN4w405EutmcTjmArPmA4jeJBpFIj90WpNRnCKBTbR6ryGXAWWdZqhHCNpJZauJcQ1Iapoy57s0S-YWlHXd29SwZpADsreN3CK-BCOVZDygBUKMSjyc9SlLDDzDcPhioQkAmyPVCFvIyocPMXRwdJIO7mr', '2026-11-29 06:38:08.570066+00', '2026-11-29 06:38:08.577+00');


--
-- Data for Name: audit_events; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.audit_events VALUES (1, '2026-11-29 06:38:08.570066+00', 'install.completed', 'success', 'installer', NULL, 'admin_user', '9884c72f-0a4f-47f7-bca4-1e55473ebb80', '127.0.0.1', 'node', '{"via": "install_page", "smtp": false, "base_url": null, "product_name": "Acme ID", "self_registration": false}');
INSERT INTO public.audit_events VALUES (2, '2026-11-29 06:38:08.627435+00', 'admin.sign_in', 'success', 'admin', '9884c72f-0a4f-47f7-bca4-1e55473ebb80', NULL, NULL, '127.0.0.1', 'node', '{}');
INSERT INTO public.audit_events VALUES (3, '2026-11-29 06:38:08.650315+00', 'otp.enrolled', 'success', 'admin', '9884c72f-0a4f-47f7-bca4-1e55473ebb80', NULL, NULL, '127.0.0.1', 'node', '{}');
INSERT INTO public.audit_events VALUES (4, '2026-11-29 06:38:08.665385+00', 'setting.changed', 'success', 'admin', '9884c72f-0a4f-47f7-bca4-1e55473ebb80', 'setting', 'accounts.self_registration', '127.0.0.1', 'node', '{"key": "[redacted]", "value": true}');
INSERT INTO public.audit_events VALUES (5, '2026-11-29 06:38:08.67444+00', 'setting.changed', 'success', 'admin', '9884c72f-0a4f-47f7-bca4-1e55473ebb80', 'setting', 'accounts.require_email_verification', '127.0.0.1', 'node', '{"key": "[redacted]", "value": false}');
INSERT INTO public.audit_events VALUES (6, '2026-11-29 06:38:08.685193+00', 'client.created', 'success', 'admin', '9884c72f-0a4f-47f7-bca4-1e55473ebb80', 'client', 'fault-rp', '127.0.0.1', 'node', '{"changes": {"name": "Fault test RP", "type": "confidential", "client_id": "fault-rp", "grant_types": ["authorization_code", "refresh_token"], "redirect_uris": ["https://rp.example.com/callback"]}}');
INSERT INTO public.audit_events VALUES (7, '2026-11-29 06:38:08.732078+00', 'user.sign_in', 'success', 'user', 'b803ca94-cc64-44d0-aab6-6d20a1a26c88', NULL, NULL, '127.0.0.1', 'node', '{}');
INSERT INTO public.audit_events VALUES (8, '2026-11-29 06:38:08.74082+00', 'client.created', 'success', 'admin', '9884c72f-0a4f-47f7-bca4-1e55473ebb80', 'client', 'batch', '127.0.0.1', 'node', '{"changes": {"name": "Batch", "type": "confidential", "scopes": [{"scope": "jobs", "description": "Run jobs"}], "client_id": "batch", "grant_types": ["client_credentials"], "redirect_uris": []}}');
INSERT INTO public.audit_events VALUES (9, '2026-11-29 06:38:08.780576+00', 'organization.created', 'success', 'admin', '9884c72f-0a4f-47f7-bca4-1e55473ebb80', 'organization', '1306c23f-c5aa-44f5-bac3-cc4fa01b5e0e', '127.0.0.1', 'node', '{"slug": "restored-org", "owner": null}');
INSERT INTO public.audit_events VALUES (10, '2026-11-29 06:38:08.793022+00', 'scim.connection.created', 'success', 'admin', '9884c72f-0a4f-47f7-bca4-1e55473ebb80', 'scim_connection', 'd88e7789-4517-4d78-940d-26ca87e3e00b', '127.0.0.1', 'node', '{"organization": "1306c23f-c5aa-44f5-bac3-cc4fa01b5e0e"}');
INSERT INTO public.audit_events VALUES (11, '2026-11-29 06:38:08.803507+00', 'scim.token.created', 'success', 'admin', '9884c72f-0a4f-47f7-bca4-1e55473ebb80', 'scim_token', '01ac177c-041a-444a-a8d0-259765f94912', '127.0.0.1', 'node', '{"prefix": "tessera_scim_waSI-V", "connection": "d88e7789-4517-4d78-940d-26ca87e3e00b", "expires_at": null}');
INSERT INTO public.audit_events VALUES (12, '2026-11-29 06:38:08.817764+00', 'keys.account_key_created', 'success', 'user', 'b803ca94-cc64-44d0-aab6-6d20a1a26c88', 'user', 'b803ca94-cc64-44d0-aab6-6d20a1a26c88', '127.0.0.1', 'node', '{"version": 1, "envelopes": [{"id": "2e8ac825-5656-4398-886a-10184798c6e3", "type": "recovery_key"}]}');
INSERT INTO public.audit_events VALUES (13, '2026-11-29 06:38:08.840525+00', 'federation.connection.created', 'success', 'admin', '9884c72f-0a4f-47f7-bca4-1e55473ebb80', 'federation_connection', 'ea198464-3473-4e09-8707-2defe0713f54', '127.0.0.1', 'node', '{"name": "Upstream", "issuer": "https://idp.example.com", "jwksUri": "https://idp.example.com/jwks", "clientId": "tessera", "discoveryUrl": null, "tokenEndpoint": "[redacted]", "clientSecretReplaced": true, "authorizationEndpoint": "[redacted]"}');


--
-- Data for Name: authorization_codes; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.authorization_codes VALUES ('U-ETeAaD2Rhis7pzXkG1kYUaidQRGSUWcnzet2wW3J4', 'fault-rp', 'b803ca94-cc64-44d0-aab6-6d20a1a26c88', 'YaBRl4rKPXKNRwgoRy8VCj75wQxlty0Z1h2vAAzaz10', 'https://rp.example.com/callback', 'openid offline_access', 'CNBbUtQQZyYE62kpRQ-qgi4dEkuNujGZKUJ6rkXlCqo', NULL, '2026-11-29 06:38:08.731+00', '["pwd"]', 'urn:tessera:loa:1', NULL, NULL, NULL, '2026-11-29 06:38:08.765777+00', '2026-11-29 06:39:08.765+00', '2026-11-29 06:38:08.771+00', 'a75eaeaf-8b10-4c75-8701-01965486c3a0');


--
-- Data for Name: authorization_requests; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.authorization_requests VALUES ('W0hBGOUX1yKGnHng7J6bMdMhtuICuKs4ivwqu2ZMf-k', 'fault-rp', '{"nonce": null, "scope": "openid offline_access", "state": null, "zkPub": null, "maxAge": null, "prompt": [], "clientId": "fault-rp", "parkedAt": "2026-11-29T06:38:08.756Z", "loginHint": null, "hintSubject": null, "idTokenHint": null, "redirectUri": "https://rp.example.com/callback", "codeChallenge": "CNBbUtQQZyYE62kpRQ-qgi4dEkuNujGZKUJ6rkXlCqo", "organizationId": null, "loginRequiredAfter": null}', '2026-11-29 06:38:08.757711+00', '2026-11-29 06:48:08.756+00', '2026-11-29 06:38:08.765+00', 'uIDqo8W-3IKbjAG48ja76xdW8W7HVTyli836Dw1zjew', 'b803ca94-cc64-44d0-aab6-6d20a1a26c88');


--
-- Data for Name: client_icons; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: client_secrets; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.client_secrets VALUES ('ebf0fe3d-616c-4152-a6b6-2346c5124a50', 'batch', 'v1.rpSYk2g0Smz_K_KU.i8I8gXu_9zEieqo9EFjmRbdX6VYpJ_T2cbdmlfxce2hHQwcIAcaedevsPS6tE2ETpvzv3W-_AgUNcGI', 'md_Y', '2026-11-29 06:38:08.74082+00', NULL, NULL);
INSERT INTO public.client_secrets VALUES ('5fb4b6e4-6fa5-4b2d-8ae0-542a7634db9b', 'fault-rp', 'v1.5QeYhQyiRkU_pijP.mWfNeJlRHChXGB2X3mH_XBqi2CEQw04QQ_SvesfS5-wb0Hx5XsSemwlZf2U2GIyEzyU33zp1Oemu9gg', '_gfc', '2026-11-29 06:38:08.685193+00', '2026-11-29 06:38:08.77+00', NULL);


--
-- Data for Name: clients; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.clients VALUES ('fault-rp', 'Fault test RP', '', NULL, NULL, 'confidential', '["https://rp.example.com/callback"]', '[]', '["authorization_code", "refresh_token"]', '[{"scope": "openid", "description": "Sign you in with your account"}, {"scope": "profile", "description": "Read your name"}, {"scope": "email", "description": "Read your email address and whether it is verified"}, {"scope": "offline_access", "description": "Stay signed in when you are not using the app"}]', true, 'RS256', NULL, NULL, NULL, false, false, 'none', false, true, '2026-11-29 06:38:08.685193+00', '2026-11-29 06:38:08.685193+00', 'client');
INSERT INTO public.clients VALUES ('batch', 'Batch', '', NULL, NULL, 'confidential', '[]', '[]', '["client_credentials"]', '[{"scope": "jobs", "description": "Run jobs"}]', true, 'RS256', NULL, NULL, NULL, false, false, 'none', false, true, '2026-11-29 06:38:08.74082+00', '2026-11-29 06:38:08.74082+00', 'client');


--
-- Data for Name: consents; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.consents VALUES ('b803ca94-cc64-44d0-aab6-6d20a1a26c88', 'fault-rp', '["openid", "offline_access"]', '2026-11-29 06:38:08.765777+00');


--
-- Data for Name: device_approvals; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: email_tokens; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: federated_identities; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: federation_connections; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.federation_connections VALUES ('ea198464-3473-4e09-8707-2defe0713f54', 'Upstream', 'https://idp.example.com', 'tessera', 'v1.Ph8fdoDJtXNsFBe6.MU0gIlWpfURzLN7hqTAHFPDdOlV6iwT1C5bAMlVpTm697RrWSqoMetO4xDUWEPh752BqlbRyW6yXW4EiFY2CUyY', NULL, 'https://idp.example.com/authorize', 'https://idp.example.com/token', 'https://idp.example.com/jwks', NULL, '["openid", "email", "profile"]', '{}', 'email_verified', false, false, true, '2026-11-29 06:38:08.840525+00', '2026-11-29 06:38:08.840525+00', false);


--
-- Data for Name: federation_domains; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: federation_flows; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: grants; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.grants VALUES ('a75eaeaf-8b10-4c75-8701-01965486c3a0', 'fault-rp', 'b803ca94-cc64-44d0-aab6-6d20a1a26c88', 'YaBRl4rKPXKNRwgoRy8VCj75wQxlty0Z1h2vAAzaz10', 'openid offline_access', NULL, '2026-11-29 06:38:08.731+00', '["pwd"]', 'urn:tessera:loa:1', '2026-11-29 06:38:08.771868+00', '2026-12-29 06:38:08.771+00', NULL);


--
-- Data for Name: install_tokens; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.install_tokens VALUES ('Vj1w7ZyCZ2CiqPLpYKFH_19au9rB-lU__Zo7a5yVbdk', '2026-11-29 06:38:08.490807+00', '2026-11-30 06:38:08.49+00', '2026-11-29 06:38:08.574+00');


--
-- Data for Name: installation; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.installation VALUES (1, '2026-11-29 06:38:08.575+00');


--
-- Data for Name: keybag_envelopes; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.keybag_envelopes VALUES ('b803ca94-cc64-44d0-aab6-6d20a1a26c88', '2e8ac825-5656-4398-886a-10184798c6e3', 'recovery_key', 2, 'A256GCM', 'HKDF-SHA-256', 'gZ5QfRYdRO6aVvakFBzYLTbEZ0daimGof6BqjE3JEqs', 'tessera/zk/v2/envelope-key/recovery_key', 'DKIJTL1ex59LZ4qisZy8mQgp4NCzomAPRs4bVm-1-aeMnFrwlGZuEoqgpiWEM5PRn070ZA7QJiDu7PYq', 'recovery_key envelope', NULL, NULL, NULL, 'usable', '2026-11-29 06:38:08.817764+00', NULL);


--
-- Data for Name: keybags; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.keybags VALUES ('b803ca94-cc64-44d0-aab6-6d20a1a26c88', 'be452539-f648-4fad-b4e4-72aa21d1804e', 1, 2, 'ZSM7op7w0nssRH82NuTYADL4-3qiWbadaiJtJV_GMB4', '2026-11-29 06:38:08.817764+00', NULL, NULL);


--
-- Data for Name: legacy_wrapped_drks; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: opaque_logins; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.opaque_logins VALUES ('gLjCF6Bxr5UJNPbMJ5N0He4Ar0ekeKYX0Gjml5p4wfo', NULL, 'login', 'v1.ousi5qBF50A3GsMB.vFN4siwFu2i9Fh9g5mYPAwXIwiUXYwdwnzP7p4uAorTOyIAbFuybEL6ZTYIuJIwsA9OGHnBkPgHFm3qdpzTTYdLC-KdifHjavYXk-b0vEiYa_o3V_PysTI-EirsxzwX5GvEbiRLhniyji-ke-IzVxRr4OhumlZD_Wl9O-7gg54b0nTcjGV-ZQU3y5tbGXhF2wxbEqZcdBa0qN0vGXZWUZL5PbmkdDMq6-usinBsaNpXLcqwaqV41KQaB7Q', '2026-11-29 06:38:08.611747+00', '2026-11-29 06:43:08.611+00', '2026-11-29 06:38:08.618+00', 'admin', '9884c72f-0a4f-47f7-bca4-1e55473ebb80');


--
-- Data for Name: organization_member_roles; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: organization_members; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: organizations; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.organizations VALUES ('1306c23f-c5aa-44f5-bac3-cc4fa01b5e0e', 'Restored Org', 'restored-org', 'active', '{"require_totp": false}', '2026-11-29 06:38:08.780576+00', '2026-11-29 06:38:08.780576+00');


--
-- Data for Name: otp_backup_codes; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.otp_backup_codes VALUES ('1ae179ec-0bd1-4e4e-993e-65b2f2ef2896', '3a20ea6e-4975-45ee-91de-1d6814e80691', 'nyCDfqsD1ewA-o-v_e4NQ5Vt8wuCn4SUbE8a0ptoyAw', NULL);
INSERT INTO public.otp_backup_codes VALUES ('3c22b430-2069-4096-a1b8-caccda4e4062', '3a20ea6e-4975-45ee-91de-1d6814e80691', 'QqT1qKbwTMNmRDG76I8nATF5RjsUUSde-B7uUKGs2cw', NULL);
INSERT INTO public.otp_backup_codes VALUES ('6b7bb5a4-928b-41f6-9c22-e55a932d40c6', '3a20ea6e-4975-45ee-91de-1d6814e80691', 'whhv2DpV_kJHsAYcKiSFQ9hFYD3G0xAt4dLUOn_be8A', NULL);
INSERT INTO public.otp_backup_codes VALUES ('290f4be8-41d3-4dbf-b771-a23b50c60324', '3a20ea6e-4975-45ee-91de-1d6814e80691', 'X44pVs72nWLM50JZSkVjSHBaO3sulnzuQ61lH09kERM', NULL);
INSERT INTO public.otp_backup_codes VALUES ('1b8e01ce-4bec-4391-9d55-55249a46bbc8', '3a20ea6e-4975-45ee-91de-1d6814e80691', '0v-LFgwKdueAvkgGvtzZQqDSiaRyiq8t6F8D4QfDSeA', NULL);
INSERT INTO public.otp_backup_codes VALUES ('6732c3c4-de0b-4d39-9dad-dc531a85847a', '3a20ea6e-4975-45ee-91de-1d6814e80691', 'hiYDxJYzVEaK6RWdMUkqIbMNWZyDRSzRnpUUeDONfn8', NULL);
INSERT INTO public.otp_backup_codes VALUES ('b55b7507-d24d-4747-bceb-6644a830dc24', '3a20ea6e-4975-45ee-91de-1d6814e80691', 'jSjdw5aJEhnU-VwYsDDGduPValo08WLyXHT7WRUbB5E', NULL);
INSERT INTO public.otp_backup_codes VALUES ('bae16f2b-4391-411e-b58d-2f0dd1c13655', '3a20ea6e-4975-45ee-91de-1d6814e80691', '8I9SZZqBLZrDcHwXmt9kCSx6e9bdunByxWmy9EKL2qk', NULL);
INSERT INTO public.otp_backup_codes VALUES ('ba9fc97a-f3ad-490b-8e5d-a2e80ac110f1', '3a20ea6e-4975-45ee-91de-1d6814e80691', 'zIU6jvloRwqOEpzuPU2xV1RFLaHN8nKqpQgr7-9Qc-Q', NULL);
INSERT INTO public.otp_backup_codes VALUES ('4dadf3da-0edb-431c-a588-751a74e80d79', '3a20ea6e-4975-45ee-91de-1d6814e80691', 'zYH0pFB-1m4guLs1xgJMrTTK4iMyPc9To3MP_XIzg_8', NULL);


--
-- Data for Name: otp_factors; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.otp_factors VALUES ('3a20ea6e-4975-45ee-91de-1d6814e80691', 'admin', NULL, '9884c72f-0a4f-47f7-bca4-1e55473ebb80', 'enabled', 'v1.RgNZQorqyAM7z9to.6gtDLTmJofMDNPCqna0tqMjT4tIjM_hC0BaZYK8vFyk8uGpI', 'SHA1', 6, 30, 59864476, 0, NULL, '2026-11-29 06:38:08.643362+00', '2026-11-29 06:38:08.655+00');


--
-- Data for Name: passkey_ceremonies; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: passkey_credentials; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: pending_registrations; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.pending_registrations VALUES ('IjJlqIpMr7wJa5O8GO1xy_qKKrQDQm2pTTDaEYwcW0A', 'root@example.com', '9884c72f-0a4f-47f7-bca4-1e55473ebb80', 'admin_set', '2026-11-29 06:38:08.544537+00', '2026-11-29 06:48:08.544+00', '2026-11-29 06:38:08.57+00', 'admin');
INSERT INTO public.pending_registrations VALUES ('nwNK1tVugballtu8o7Hfbbx7WHX6wdwnaDkaCP-qhp0', 'ada@example.com', 'b803ca94-cc64-44d0-aab6-6d20a1a26c88', 'signup', '2026-11-29 06:38:08.721512+00', '2026-11-29 06:48:08.721+00', '2026-11-29 06:38:08.726+00', 'user');


--
-- Data for Name: permissions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.permissions VALUES ('service.org:manage', 'Manage the organization: its members, their roles, invitations and settings', true, '2026-11-29 06:38:08.007+00');
INSERT INTO public.permissions VALUES ('service.users:read', 'Read the users directory of the organization', true, '2026-11-29 06:38:08.007928+00');


--
-- Data for Name: refresh_tokens; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.refresh_tokens VALUES ('GCXdemwiBl2MavGeIhI-z3Cv3tlNUJm1v5u8LhHgJC4', 'a75eaeaf-8b10-4c75-8701-01965486c3a0', 'fault-rp', '2026-11-29 06:38:08.771868+00', '2026-12-29 06:38:08.771+00', NULL);


--
-- Data for Name: role_permissions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.role_permissions VALUES ('admin', 'service.org:manage');
INSERT INTO public.role_permissions VALUES ('admin', 'service.users:read');


--
-- Data for Name: roles; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.roles VALUES ('admin', 'Administrator', 'Manages the organization: members, roles, invitations and settings', true, '2026-11-29 06:38:08.008853+00', '2026-11-29 06:38:08.008853+00');
INSERT INTO public.roles VALUES ('member', 'Member', 'Belongs to the organization', true, '2026-11-29 06:38:08.011015+00', '2026-11-29 06:38:08.011015+00');


--
-- Data for Name: scim_connections; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.scim_connections VALUES ('d88e7789-4517-4d78-940d-26ca87e3e00b', 'Restored IdP', '1306c23f-c5aa-44f5-bac3-cc4fa01b5e0e', 'suspend', false, 'ignore', '[]', '2026-11-29 06:38:08.793022+00', '2026-11-29 06:38:08.793022+00', false);


--
-- Data for Name: scim_group_members; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: scim_groups; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: scim_tokens; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.scim_tokens VALUES ('01ac177c-041a-444a-a8d0-259765f94912', 'd88e7789-4517-4d78-940d-26ca87e3e00b', 'Restored token', 'f8vtzKP9xlNSfjv6lQLbWGPX3_TYyQnubOLAGD_nIEE', 'tessera_scim_waSI-V', '9884c72f-0a4f-47f7-bca4-1e55473ebb80', '2026-11-29 06:38:08.803507+00', NULL, NULL, NULL);


--
-- Data for Name: scim_users; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: server_secrets; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.server_secrets VALUES ('opaque_server_setup', 'v1.PCkJJJkLy3ug8tz_.54SrifsGcg7pZmjkmIP2wwSAevJl67GoyljTff7AzFW2Rmbl1SREbcHBtySzM1YL6EWrl20zWcMYz6e6blsYcAuPGRvi4Jith16oLu5Pw5VEdqnmz-lPiWB-8RkFRoMsv80hnkErEK3v9KHoyDVlPfXILV0314vatbKC4944x1IHMR3m85pyHwIEXM8lGCPBMUfk3cYUTGZX42djTupdx1MrRmUPtyy-WhPcnWJK8_C7RnOXO1BTte15Ng', '2026-11-29 06:38:08.001306+00');
INSERT INTO public.server_secrets VALUES ('otp_backup_code_key', 'v1.Tuhyv3fECboq9B2E.SEr6FYfHvFELs8mixrerpundc08Ld2GZaMBmdsIWWp2_GkHf9gERfit1KjalpbBZmnL_fPVESzmGRlE', '2026-11-29 06:38:08.035239+00');


--
-- Data for Name: sessions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.sessions VALUES ('0N2LUwyKWwJf_5llfLBSWImt-ky0q12EH5j5LXym2O4', 'xox4trZOFVwTDYSbLLfnpw', NULL, '2026-11-29 06:38:08.657+00', '["pwd", "otp", "mfa"]', 'urn:tessera:loa:2', false, '2026-11-29 06:38:08.658+00', '2026-11-29 06:38:08.650315+00', '2026-11-29 07:08:08.658+00', '2026-11-29 18:38:08.658+00', NULL, 'node', '127.0.0.1', 'admin', '9884c72f-0a4f-47f7-bca4-1e55473ebb80', '2026-11-29 06:43:08.657+00');
INSERT INTO public.sessions VALUES ('hUIjbcXCRRhQjsoziJIAflnBcU4CJGqrkohb1rCUtu4', 'O7XT4F16RI3hmyKi2YMo2g', NULL, '2026-11-29 06:38:08.626+00', '["pwd"]', 'urn:tessera:loa:1', true, '2026-11-29 06:38:08.626+00', '2026-11-29 06:38:08.627435+00', '2026-11-29 07:08:08.626+00', '2026-11-29 18:38:08.626+00', '2026-11-29 06:38:08.659+00', 'node', '127.0.0.1', 'admin', '9884c72f-0a4f-47f7-bca4-1e55473ebb80', NULL);
INSERT INTO public.sessions VALUES ('YaBRl4rKPXKNRwgoRy8VCj75wQxlty0Z1h2vAAzaz10', 'KOg5kmbEyEGTiTIimWm6pw', 'b803ca94-cc64-44d0-aab6-6d20a1a26c88', '2026-11-29 06:38:08.731+00', '["pwd"]', 'urn:tessera:loa:1', false, '2026-11-29 06:38:08.731+00', '2026-11-29 06:38:08.732078+00', '2026-11-29 18:38:08.731+00', '2026-12-13 06:38:08.731+00', NULL, 'node', '127.0.0.1', 'user', NULL, NULL);


--
-- Data for Name: settings; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.settings VALUES ('product.name', '"Acme ID"', '2026-11-29 06:38:08.570066+00');
INSERT INTO public.settings VALUES ('accounts.self_registration', 'true', '2026-11-29 06:38:08.665385+00');
INSERT INTO public.settings VALUES ('accounts.require_email_verification', 'false', '2026-11-29 06:38:08.67444+00');


--
-- Data for Name: signing_keys; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.signing_keys VALUES ('O5T-mOd-_DV9Ha2lJSSrrjMyi_45vmQ01NjGM264iXE', 'RS256', 'current', '{"e": "AQAB", "n": "oiG-0Com4NpsrvKwDi7HxQQvMJNXqDd3G19ac1MaJznLD7XodOT4Mlyg1ggAImbYhwCPNwlKQyCg8rWFhf8PtD43x0AzcGOyM1Fw8ojEiA9zy84YIJrTffBFNWukHlk4ivKrsnGurBruL4RgtCAQivsQnN-KXkJ-ap1iIwAY0PUWDlAbIlsjOSs_U6EAril0_y7uf6x1UijMQDr84jo_FakynkK1AJExFWIJ-E0WgnFS18jC2oPFj-UIzqyudtL3dWEJ9p3sXrvZBHjKij00_FK0RRCFNTSShgGHTOdLH4ffaVAM_EcCSTzCHwBQYZn32c9XzAqtHwBbYCousNAP-Q", "alg": "RS256", "kid": "O5T-mOd-_DV9Ha2lJSSrrjMyi_45vmQ01NjGM264iXE", "kty": "RSA", "use": "sig"}', 'v1.C-ztB6jrCe9CK_WP.IvhyHsO2B9IHuFdc3gumB60mp_iXv0u23t7PjMwkSqocyCWD9NrppXjWpIrRF6yrVZsQTdzOi5tLqs_DVwuk7FGTY-dGdj9ZcFJs24L2CipfkmhIce8R2FnKUSBhASLcyvXVqaQ2rmbHuNYV6W6Nqg33PMl8z4nNMLb6KMzQfDhIuqcqmHfE4LI4r2-nQth41emaeD_jnbl5tgTdzT7utnXLAXE_EhYAAAr9mvu96-FIsoTP-lzPVnhW5_E0PWMcyfKH0cfnRsIoSeNrPwaTBX9WF8mG6EQbIbi4jcYJqa3b7u_EYDEaITfuug-NHo14sJD20i4VhHtDF1xN_j9rMw81lw_vDoqgr063iUijio19cxZwfi07vYo7wY8Laj1q05_fTNuT-PSVkL3pmplTEEo081oEsDhFGpjfiKo1NSOPSZE3Dbq68PRdw-Khs3xATpDtWjpgkjQ-XShv4kVUrDvMJSi7rbUpQzvz9bIGaNOw6jTmiV4Sc2ZcvtJFgKNsy9tS1Qk_sdZMLAlfNUXYsTOnBWfYw4PHg1VcDZhIgurMs0V2dHPn4cjloUVT4Z7auvT38uFWx2i-RV9aQIA9DqPYICVmujLVSAyy_l1H_cgqr5Od_m2YkJEcboGqZW-L5UpqY1RhRAOeSlW523k_8iTepiA6Ntl7j4kAN8g_xPWqREZnCNAayxE-E22FZw95vXYv76Uk5hNPj7a_dpirsIwn0mUOyiK-pqvQHhInGFChKANJ3g1ovD7TX-2sP4VfB2lzfUCFu_QUw6sqkvb5_9rsQipheMD8GPINieeWxmZiPJudJBwoJyvUZDxBoCNmXGKlnxxMmPlJids5holXggJ5g4dh2mjz3Fd8V-8TsMy1d6gSNVSpY5xOJ3EtWWGsSBnWKr3KaamE9pnZ7k9T6ZxUuKojNCvy2djvxnPmq_6HYLrnDhEHYhJMHj-pYozde5xVrETdq2rw4apxoYHmeeSwtMUDV-_pTHDYPLc30Eaz-W_zls4gX_Lqb_JW9U2gmzpTnZ0Eb8GsaJFrBQnUl9odhrjbuS4z9Qsw5Z1SJrCCkJ8_p6LUPLvzccQubyA4TxF6_rU5TIZVIjRlgbSArsxd03Z3IQrBa3e1VvEMASG7QJVPN6skxV24NoX9PJ6U5uI4xQC2-KLiKYoOnX4M8_U6zVx9zNmcR2KqTkd2Y7T_S7eBrJK3yNq1LiU0_PH7wxTELwP3_phMpV8xanAniIdbd6elwTETzRx7YH3H7JySwPu06V4-EP-YtuvPNe_scyfEyomRPS-8m7hh8hyS4Q0kJPf2q9-DlW2zwfoi-fgCb7u3_YBsMH5ch7pWJq_RloRVyU1t7AtNRbJHF-KsZPfB54nCIkZKLDPbKgn89Oi22AKc2WFcN9vtHJksB23pl4Lkyxrl15lFJknu6UcKIJDQ1dnkHxN1RDc3cWO6uekJBrYQ-xZAN1aTQlb60l1PDEm76Cvvjxnz45BvJwageujSL9Chch6nVlQQwsz2Q15ezENgNWCEo82glPhkZlcQwyYeLMc1qJOlRKFBxqwkfrWDEAVnkXFNaFMjU23-ZdpEz8SbYqxdy4knbzebZMQwTjT-odZ5fyF_yaqsBfkQ1ZEePJzUDLFPkkSL6bds9yrHVkRPxH4e2ueiEfmVVjaiW0LovTH8IOyGQtrVLb3WTfddXK1eHxIpAtXZNFVDyzXNcYIWGOv-mC9Founx6dFPETA6y_lcIOPnU3N7aB0NGDuKm4hp8b0uQUp-Wk6Exx_ZRMo7mF43BSuNYek3zNo0S9Gc8DhgaL4lRVqfQyminhlNt5TIz1CcbiV651tMKcom1IptLbqU_xjjGLhAGSOid6qhA55rS69DhkWezzRwTXigCjm1Ew9AVrKhT-chCIKYLCEvx6O-80SzNURDR3caiOnbBr39Nj3JHXcpZhOc1PDGV9Hf5pS5QPRWKa1JOqgBq3RccKb_2GBoYsKn_VyEOlQswwEEJ86PDUURK-G9RtKjkYCCGvWmJqHZHeufr3tSkKzESAK5nSoI2JIryHCMZwQzmjB8zbsVmjOnrZ_7zsGucrdDXefUVMQVR60sT1Bt4VxP1Xda4JSuOMApoYKZtiGeD3h9zn1oY5idZb_GKIH4dS1d-mbnb407Kl9YmGvW4d7SwzYc7_1azxBs2ss', '2026-11-29 06:38:07.636705+00', NULL, NULL, '2026-11-29 06:38:07.76+00', NULL, NULL);
INSERT INTO public.signing_keys VALUES ('CPIyDOGztrojBtbwU4Oip8EfgGgmQO4j4D6FRs7wGW0', 'RS256', 'next', '{"e": "AQAB", "n": "59XmFrx_GoPxy16l80X5az3oSz7YpdPDdsfmy4RV1lxP6jc5JJSjckdYglhThPxVAQ4W-kRCRTi16CmYIbxYgMqEYo-382sc2_T9LvmffCWLsSVVZkOTK0Q74POIGPnG6q8MHREPXHZ4aM3bbyqsshWI6YAnGzwkp2ofVRK_pfP8k9OSfter_tqBMIoGYyAqPn7Op8aRo6-IvVWBzIyDu7ZfmHJVyay_LpGZwFKCequDwb2Skxi6jrqC9YkK05Drz6tU8lDebBRxwWcCxQQtE2-8--g8Ke532iB4HNFR7lVeP2LgBSe0yGVaVG8aXQIB9RXZIu7PPagncg9g7AcpnQ", "alg": "RS256", "kid": "CPIyDOGztrojBtbwU4Oip8EfgGgmQO4j4D6FRs7wGW0", "kty": "RSA", "use": "sig"}', 'v1.iVxp_dTqYWuVcQj2.4GGB0Jp_9m28Yq50E_KwxF6P6ZtCWblaEVO0c3GDHistl8A7wcI1R8Qd2vyokiER9RSdrtdgpJgX3SmAb5ZkoZqZnWjdeRwCMxOXM1BtcN9SHAr0JbZf9NWI4o4PA1CFBx7d0BOZKfp_mJJUPzzmjW9HBjf7x70Cww1uMmd7x29AfXvcgubUie9J7O9OrO1BwTMmB3D3wCUmO2XGrAT7fUBcYAjBeDByNlZrygb7v4N6P5FRBQzoyyFFFmFKwrJ2yluQyi18gCEW7YB-osVBkEsWVO3APpSBPP8L7_LtannQOzV_fsasLJgOvwSA5E0nZvDxoBUBMqlafQlcB5K_9b2zYoRDHX1lcN8XFCBU1sbBzBayAnXOIwsZUYBuIpmAdUmEJqCGhvj87xPUncTNrATgDeselBP5euGNGQ6Ybu-0yAu3Zq8NFjfCWa9doS8Xnce57d0CbJKO69cWCbLGV2e03v6t9I7I6Mw3Be8mBaSv4YCM4yej0-l_XciG_6jt1-JDLozgMab3WDANKPi1Sq9ZoZTaKUmlJ3hatOWgEpI_yCqLCkpgdWeTSgzuxyFe_MCZVMPxa2iZxMADNO-HiWVgKgwBRM4G4-fU_VtkXcDJge0Vq5b-mMLZFFjw7J4NIea4YE9pCFHOTKa6eG_7-XU1tv868rs6MxkwpMcl7MjOJdYyaKMDz9hsuPxAppmWBajnCTF0W5BWyhvErggngkMKQ8RDFqYSuDaj5JJ6YXWmOCQBYnHpiQWJO86RSIZyXQgop5-kj2F6bxtRkkkMa--5G0fvPN5kxUF_MLFsd_m5mV07ejnSmXxx3l58E3rYlJR7K6shrFgi2Fn79L8_pB1EV0xq9o93WnaAuqdfV0F1tG_Gk9Jn4ALhukGxaQfY7T6C2zJaY8KHZ9405zYOflzJLuXLfiSw1XLVCXFVwH0HZ8Nx5qkOPqAJOgdthP-qRuWN6AQrRAybnHj11jNkjXNXHwhkrknQ6AomaCM_nksN-E5mgnKhuusc80s-cpvm98O-Gb8VV8jMF_TeuP7US-I9lmLfo7zrfrkLYQgPNjnMlT9_zO1Wj-rKR_zkDCgXUclK_MigVP-fWLgYBMcCnfVrLktn4zNGkDqsdUagMADhLiBQXh8TtNShSR3EtYrCwHc9x5YhcxZu5B1FLIDA9BMVTFCvxF--4wtY4PVizB4TQu9OzBmiogWkPO3W4l_QV2a_Soc4GW8dXZJIkUiBylm6KaFPy7Q55kGcYCY3TKPkl07U95snnYFMbwvRpwVJuTMND9qOUX5NV6BksF1Zcc8PcC095cmK8uIqax33fSElORbNUkdVi-daJF04ldZK_OeXbpCXsb1uPMpiyXqSLn4O9oRMBKw2_OO94-x6VpliNnxA1PxxhO6LUfV0MNOlJp7mVigeW-FNiWOGExsjJh9Su6NorRCneik41EtvflkriUiFLClYqe1OUI59byaqkHlt4L3Dvs1nqDCgah8sMIEqWJhxraeKnPZOHH40hZ8vzJ3htc6irURA9Fqf-jJAeLZMx3cWVo1odNChTQ0B4dXzV9ggy5gBAeNuXM6jX9JkrjKqJTxtuKuRmaxs1vQATsnjEMxRt1_EnjDRHNi_YGnwkksdq3lj2bRHjSso6knLD2dqBvTAnAFG1SmwOQ86AoJTAB2NvqvQUsM9p91SxZPt3bdOb2E-VDtNz9Q6yLaMovbZljUY7XFaE0DyT-wkBCjHsVPyrw5bp0DuPG1EHvZ76TORyE0TJraquvXChu4nFhsRNroN7e2EH16zd0hvjWYd4wLGrTPkEzSlYup0qjU2gmQVClb-tAhkIynfyX0aFpY3i2074Co2hCM_08OQ4ZYfHjBbrTOVEpeCjF9borzfX-mcWC2JVEM9G3cxIjTBxHUAqUQsCw0PDg67pDYK2wpiFbMKYLLLhKszNEQ6D6VxQ1-wSWfB_lb-wMA0GWqhzdkp_yWtITeLGFbJrQ9TVpzoXHJinnGot_M_ryioI5tozYhunbIuA8iUuinwblpwzPL4aEH9kCdhS1v-63sdsaeuU1xxCjMzeImoIq63uh4dJxGvUgscbHNCT65QcoccKppynUWaBMj8BIF27aWfn8bkdHcJKYreV-V_0k734fukAVFQu8CrEf6Ng_4YbGarDSPE8Gkm4_cAnqyEcxw', '2026-11-29 06:38:07.636705+00', '2026-11-30 06:38:07.977+00', NULL, NULL, NULL, NULL);
INSERT INTO public.signing_keys VALUES ('apDsRv7Oo4-hk1hONRlyoJoaoPHHxdnefn-W78wt4vE', 'ES256', 'current', '{"x": "f4esptVJRD2-j5btfDZrhh8ftrS8B9otmYhm7XfPllU", "y": "sC9lRozFrgI81ERGAPpx90p0ubQlbYhm1Z7o6ypU_NU", "alg": "ES256", "crv": "P-256", "kid": "apDsRv7Oo4-hk1hONRlyoJoaoPHHxdnefn-W78wt4vE", "kty": "EC", "use": "sig"}', 'v1.1aJVvBkRoZXWaaYb.tbmYXV0dJWxT-rhGEwaZM8EGWWUyHjKllxzKRCabKcEzIPAOCcz283Blwh5ZjncsvOrGCZ5cTOdnfbpXZ4MrYyBTBCiyg-sQHxmXSYCyrTIiu3hmmMJyM3o3WDvowGptA6oZBqwAxfzua1U5kB3vgdW8JF9D9F_gM_QFzSTnmAceeBH2nUrtwBgDzjp4G7dN1YtDukWqiEqxQ0Kt25PClqARUHbBRurjZk7us5-3dm6mckci1WgHq3THXLrITRAF', '2026-11-29 06:38:07.636705+00', NULL, NULL, '2026-11-29 06:38:07.979+00', NULL, NULL);
INSERT INTO public.signing_keys VALUES ('oIY-8haWK0TuS558v_jWFrIkJUFP0tPjE8ic711hSmg', 'ES256', 'next', '{"x": "F_2oo6P4TGMxW3x39sP494Q0wyXU3E0L0Ko2DghfKdM", "y": "mrHDxfORBZ4TdyYza_aGxoc4_1lVNzlIWnctuJ5_rbc", "alg": "ES256", "crv": "P-256", "kid": "oIY-8haWK0TuS558v_jWFrIkJUFP0tPjE8ic711hSmg", "kty": "EC", "use": "sig"}', 'v1.nsIs5R5QqgTrh7pR.AtsDZalSe9jOynguZ0zdsO7cQJYT6BGJgvXfw5o9dMx4Ro2KGtMgGk1uRbCJOvP-5s96nWB6vpToM4MteD4ZVDyPKvGySNelVV6R9jAvC7bKeGfAaGSzbsaCf4gdn7E-Qf9fL-SUIa2xdqDB9o5VFzHAA054Z9gMpgQSOxasc3bzWzgtHSlpGp3nll3t0IJ3QW0TsFo0dW5vUsW3wUmEeKlgBVT0Nz2m8yYIbOdk6xWlB9XoXeNQqNg2jpvIyxtq', '2026-11-29 06:38:07.636705+00', '2026-11-30 06:38:07.981+00', NULL, NULL, NULL, NULL);
INSERT INTO public.signing_keys VALUES ('r1e58cPLYIYlYScBbkEQK2XDZKz-2ZrWQu_3O29QLZQ', 'EdDSA', 'current', '{"x": "Qib-wCpuF3GV1SGAGFQdVW83r_0UNY-FiJYR8Qiya40", "alg": "EdDSA", "crv": "Ed25519", "kid": "r1e58cPLYIYlYScBbkEQK2XDZKz-2ZrWQu_3O29QLZQ", "kty": "OKP", "use": "sig"}', 'v1.QRMF-PqBUlK75mzw.ff7P7MAurPGQWgnfq02vpLSPk500qaRO0r1M_kMPDk0Rg0QT8wtNe4H98GRtRbQ4w0jvJBM_pqlgON5gAuTQk47cTJTcR4HJ93uj8kL_u7vCeQVJb2n70LRi6DH3dQRI6j0ucozGhUVMmlM1HBxZ8M6vPPSgMP7ZQS06VhUg5tm1CAWipxbBqMyXYlPqlGVTkg', '2026-11-29 06:38:07.636705+00', NULL, NULL, '2026-11-29 06:38:07.982+00', NULL, NULL);
INSERT INTO public.signing_keys VALUES ('CQ4gC3eQPj4qRrkceViHRcb_E1rg1_uqJQyk7Iy0haE', 'EdDSA', 'next', '{"x": "KYq2Z40DjZnqjsbphrDXq9vyFoEpQjEIeW7C8oI8iS0", "alg": "EdDSA", "crv": "Ed25519", "kid": "CQ4gC3eQPj4qRrkceViHRcb_E1rg1_uqJQyk7Iy0haE", "kty": "OKP", "use": "sig"}', 'v1.j-E-QBaDGha9dbXT.8chty-VInNZ0PA2e2L-WV2gPPfCh7QRGkfpEfFntyUfmAkf5YZkzFExvGUtMPf1dtXp5EO3JwsahcMLPz0VnrYpWYSFXtSvv0zt9NnYJpS3Y_trbM_juBPKsOVYRYGuCkT9QyKLSSHcW5-UVb2hlpQpCpkIZHE_ydGz1e6Y7Ky2_ol8F5x194bCtxz5rEs3O9A', '2026-11-29 06:38:07.636705+00', '2026-11-30 06:38:07.984+00', NULL, NULL, NULL, NULL);


--
-- Data for Name: tessera_migrations; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.tessera_migrations VALUES ('0000_foundation', '2026-11-29 06:38:07.479685+00');
INSERT INTO public.tessera_migrations VALUES ('0001_oauth_and_accounts', '2026-11-29 06:38:07.479685+00');
INSERT INTO public.tessera_migrations VALUES ('0002_opaque_accounts', '2026-11-29 06:38:07.479685+00');
INSERT INTO public.tessera_migrations VALUES ('0003_admin', '2026-11-29 06:38:07.479685+00');
INSERT INTO public.tessera_migrations VALUES ('0004_otp', '2026-11-29 06:38:07.479685+00');
INSERT INTO public.tessera_migrations VALUES ('0005_organizations', '2026-11-29 06:38:07.479685+00');
INSERT INTO public.tessera_migrations VALUES ('0006_client_icons', '2026-11-29 06:38:07.479685+00');
INSERT INTO public.tessera_migrations VALUES ('0007_housekeeping_indexes', '2026-11-29 06:38:07.479685+00');
INSERT INTO public.tessera_migrations VALUES ('0008_keybags', '2026-11-29 06:38:07.479685+00');
INSERT INTO public.tessera_migrations VALUES ('0009_scim', '2026-11-29 06:38:07.479685+00');
INSERT INTO public.tessera_migrations VALUES ('0010_passkeys', '2026-11-29 06:38:07.479685+00');
INSERT INTO public.tessera_migrations VALUES ('0011_federation', '2026-11-29 06:38:07.479685+00');
INSERT INTO public.tessera_migrations VALUES ('0012_device_approvals', '2026-11-29 06:38:07.479685+00');
INSERT INTO public.tessera_migrations VALUES ('0013_client_zk_key_scope', '2026-11-29 06:38:07.479685+00');
INSERT INTO public.tessera_migrations VALUES ('0014_scim_provisioned_only', '2026-11-29 06:38:07.479685+00');
INSERT INTO public.tessera_migrations VALUES ('0015_admin_passkeys', '2026-11-29 06:38:07.479685+00');
INSERT INTO public.tessera_migrations VALUES ('0016_federation_local_accounts', '2026-11-29 06:38:07.479685+00');
INSERT INTO public.tessera_migrations VALUES ('0017_authorization_request_binding', '2026-11-29 06:38:07.479685+00');


--
-- Data for Name: user_encryption_keys; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: users; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.users VALUES ('b803ca94-cc64-44d0-aab6-6d20a1a26c88', 'ada@example.com', 'ada@example.com', false, 'Ada', 'active', '2026-11-29 06:38:08.728966+00', '2026-11-29 06:38:08.729+00', '5LUP8vRs4BQ_MjcCs3V5iDniZTNGSnoDwftcVrdVShZIzRpcCTI183w4P9QLS-TdlxK-NoPzE4jbIWYGPnim6Tpt-B-RZ62dZY02Iv7-yE-6YrY-zYEKwbPmvRpiD1pHrgCHSQF-ueEht5GW-m19jCsymyrPr24cz5kJxyXs4IEuGhaYC0-KxXDtyp_WRSw_cz4p6eeTJ0wW1q3Ux8BPsHfZi_7QDycDrkAqpFxTbcDxykLxlJuoScYA4pb11Bxb', false);


--
-- Name: audit_events_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.audit_events_id_seq', 13, true);


--
-- Name: admin_users admin_users_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.admin_users
    ADD CONSTRAINT admin_users_pkey PRIMARY KEY (id);


--
-- Name: audit_events audit_events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.audit_events
    ADD CONSTRAINT audit_events_pkey PRIMARY KEY (id);


--
-- Name: authorization_codes authorization_codes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.authorization_codes
    ADD CONSTRAINT authorization_codes_pkey PRIMARY KEY (code_hash);


--
-- Name: authorization_requests authorization_requests_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.authorization_requests
    ADD CONSTRAINT authorization_requests_pkey PRIMARY KEY (id_hash);


--
-- Name: client_icons client_icons_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.client_icons
    ADD CONSTRAINT client_icons_pkey PRIMARY KEY (client_id);


--
-- Name: client_secrets client_secrets_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.client_secrets
    ADD CONSTRAINT client_secrets_pkey PRIMARY KEY (id);


--
-- Name: clients clients_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.clients
    ADD CONSTRAINT clients_pkey PRIMARY KEY (id);


--
-- Name: consents consents_user_id_client_id_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.consents
    ADD CONSTRAINT consents_user_id_client_id_pk PRIMARY KEY (user_id, client_id);


--
-- Name: device_approvals device_approvals_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.device_approvals
    ADD CONSTRAINT device_approvals_pkey PRIMARY KEY (id);


--
-- Name: email_tokens email_tokens_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.email_tokens
    ADD CONSTRAINT email_tokens_pkey PRIMARY KEY (token_hash);


--
-- Name: federated_identities federated_identities_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.federated_identities
    ADD CONSTRAINT federated_identities_pkey PRIMARY KEY (id);


--
-- Name: federation_connections federation_connections_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.federation_connections
    ADD CONSTRAINT federation_connections_pkey PRIMARY KEY (id);


--
-- Name: federation_flows federation_flows_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.federation_flows
    ADD CONSTRAINT federation_flows_pkey PRIMARY KEY (state_hash);


--
-- Name: grants grants_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.grants
    ADD CONSTRAINT grants_pkey PRIMARY KEY (id);


--
-- Name: install_tokens install_tokens_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.install_tokens
    ADD CONSTRAINT install_tokens_pkey PRIMARY KEY (token_hash);


--
-- Name: installation installation_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.installation
    ADD CONSTRAINT installation_pkey PRIMARY KEY (id);


--
-- Name: keybag_envelopes keybag_envelopes_user_id_id_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.keybag_envelopes
    ADD CONSTRAINT keybag_envelopes_user_id_id_pk PRIMARY KEY (user_id, id);


--
-- Name: keybags keybags_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.keybags
    ADD CONSTRAINT keybags_pkey PRIMARY KEY (user_id);


--
-- Name: legacy_wrapped_drks legacy_wrapped_drks_user_id_client_id_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.legacy_wrapped_drks
    ADD CONSTRAINT legacy_wrapped_drks_user_id_client_id_pk PRIMARY KEY (user_id, client_id);


--
-- Name: opaque_logins opaque_logins_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.opaque_logins
    ADD CONSTRAINT opaque_logins_pkey PRIMARY KEY (id_hash);


--
-- Name: organization_member_roles organization_member_roles_member_id_role_key_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.organization_member_roles
    ADD CONSTRAINT organization_member_roles_member_id_role_key_pk PRIMARY KEY (member_id, role_key);


--
-- Name: organization_members organization_members_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.organization_members
    ADD CONSTRAINT organization_members_pkey PRIMARY KEY (id);


--
-- Name: organizations organizations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.organizations
    ADD CONSTRAINT organizations_pkey PRIMARY KEY (id);


--
-- Name: otp_backup_codes otp_backup_codes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.otp_backup_codes
    ADD CONSTRAINT otp_backup_codes_pkey PRIMARY KEY (id);


--
-- Name: otp_factors otp_factors_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.otp_factors
    ADD CONSTRAINT otp_factors_pkey PRIMARY KEY (id);


--
-- Name: passkey_ceremonies passkey_ceremonies_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.passkey_ceremonies
    ADD CONSTRAINT passkey_ceremonies_pkey PRIMARY KEY (challenge_hash);


--
-- Name: passkey_credentials passkey_credentials_credential_id_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.passkey_credentials
    ADD CONSTRAINT passkey_credentials_credential_id_unique UNIQUE (credential_id);


--
-- Name: passkey_credentials passkey_credentials_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.passkey_credentials
    ADD CONSTRAINT passkey_credentials_pkey PRIMARY KEY (id);


--
-- Name: pending_registrations pending_registrations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pending_registrations
    ADD CONSTRAINT pending_registrations_pkey PRIMARY KEY (id_hash);


--
-- Name: permissions permissions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.permissions
    ADD CONSTRAINT permissions_pkey PRIMARY KEY (key);


--
-- Name: refresh_tokens refresh_tokens_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.refresh_tokens
    ADD CONSTRAINT refresh_tokens_pkey PRIMARY KEY (token_hash);


--
-- Name: role_permissions role_permissions_role_key_permission_key_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.role_permissions
    ADD CONSTRAINT role_permissions_role_key_permission_key_pk PRIMARY KEY (role_key, permission_key);


--
-- Name: roles roles_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.roles
    ADD CONSTRAINT roles_pkey PRIMARY KEY (key);


--
-- Name: scim_connections scim_connections_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.scim_connections
    ADD CONSTRAINT scim_connections_pkey PRIMARY KEY (id);


--
-- Name: scim_group_members scim_group_members_group_id_scim_user_id_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.scim_group_members
    ADD CONSTRAINT scim_group_members_group_id_scim_user_id_pk PRIMARY KEY (group_id, scim_user_id);


--
-- Name: scim_groups scim_groups_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.scim_groups
    ADD CONSTRAINT scim_groups_pkey PRIMARY KEY (id);


--
-- Name: scim_tokens scim_tokens_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.scim_tokens
    ADD CONSTRAINT scim_tokens_pkey PRIMARY KEY (id);


--
-- Name: scim_users scim_users_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.scim_users
    ADD CONSTRAINT scim_users_pkey PRIMARY KEY (id);


--
-- Name: server_secrets server_secrets_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.server_secrets
    ADD CONSTRAINT server_secrets_pkey PRIMARY KEY (name);


--
-- Name: sessions sessions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (id);


--
-- Name: settings settings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.settings
    ADD CONSTRAINT settings_pkey PRIMARY KEY (key);


--
-- Name: signing_keys signing_keys_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.signing_keys
    ADD CONSTRAINT signing_keys_pkey PRIMARY KEY (kid);


--
-- Name: tessera_migrations tessera_migrations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tessera_migrations
    ADD CONSTRAINT tessera_migrations_pkey PRIMARY KEY (name);


--
-- Name: user_encryption_keys user_encryption_keys_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_encryption_keys
    ADD CONSTRAINT user_encryption_keys_pkey PRIMARY KEY (user_id);


--
-- Name: users users_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);


--
-- Name: admin_users_email_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX admin_users_email_idx ON public.admin_users USING btree (email_normalized);


--
-- Name: audit_events_action_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX audit_events_action_idx ON public.audit_events USING btree (action);


--
-- Name: audit_events_actor_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX audit_events_actor_idx ON public.audit_events USING btree (actor_id);


--
-- Name: audit_events_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX audit_events_at_idx ON public.audit_events USING btree (at);


--
-- Name: audit_events_target_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX audit_events_target_idx ON public.audit_events USING btree (target_id);


--
-- Name: authorization_codes_expires_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX authorization_codes_expires_idx ON public.authorization_codes USING btree (expires_at);


--
-- Name: authorization_requests_expires_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX authorization_requests_expires_idx ON public.authorization_requests USING btree (expires_at);


--
-- Name: authorization_requests_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX authorization_requests_user_idx ON public.authorization_requests USING btree (user_id);


--
-- Name: client_secrets_client_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX client_secrets_client_idx ON public.client_secrets USING btree (client_id);


--
-- Name: device_approvals_pickup_token_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX device_approvals_pickup_token_idx ON public.device_approvals USING btree (pickup_token_hash);


--
-- Name: device_approvals_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX device_approvals_user_idx ON public.device_approvals USING btree (user_id, expires_at);


--
-- Name: email_tokens_expires_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX email_tokens_expires_idx ON public.email_tokens USING btree (expires_at);


--
-- Name: email_tokens_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX email_tokens_user_idx ON public.email_tokens USING btree (user_id);


--
-- Name: federated_identities_subject_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX federated_identities_subject_idx ON public.federated_identities USING btree (connection_id, subject);


--
-- Name: federated_identities_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX federated_identities_user_idx ON public.federated_identities USING btree (user_id);


--
-- Name: federation_domains_connection_domain_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX federation_domains_connection_domain_idx ON public.federation_domains USING btree (connection_id, domain);


--
-- Name: federation_domains_verified_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX federation_domains_verified_idx ON public.federation_domains USING btree (domain) WHERE (verified_at IS NOT NULL);


--
-- Name: federation_flows_expires_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX federation_flows_expires_idx ON public.federation_flows USING btree (expires_at);


--
-- Name: grants_end_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX grants_end_idx ON public.grants USING btree (LEAST(revoked_at, expires_at));


--
-- Name: grants_session_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX grants_session_idx ON public.grants USING btree (session_id);


--
-- Name: grants_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX grants_user_idx ON public.grants USING btree (user_id);


--
-- Name: opaque_logins_expires_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX opaque_logins_expires_idx ON public.opaque_logins USING btree (expires_at);


--
-- Name: organization_member_roles_role_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX organization_member_roles_role_idx ON public.organization_member_roles USING btree (role_key);


--
-- Name: organization_members_by_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX organization_members_by_user_idx ON public.organization_members USING btree (user_id);


--
-- Name: organization_members_invite_email_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX organization_members_invite_email_idx ON public.organization_members USING btree (organization_id, invite_email_normalized) WHERE (status = 'invited'::text);


--
-- Name: organization_members_invite_expires_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX organization_members_invite_expires_idx ON public.organization_members USING btree (invite_expires_at) WHERE (status = 'invited'::text);


--
-- Name: organization_members_invite_token_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX organization_members_invite_token_idx ON public.organization_members USING btree (invite_token_hash);


--
-- Name: organization_members_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX organization_members_user_idx ON public.organization_members USING btree (organization_id, user_id);


--
-- Name: organizations_slug_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX organizations_slug_idx ON public.organizations USING btree (slug);


--
-- Name: otp_backup_codes_factor_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX otp_backup_codes_factor_idx ON public.otp_backup_codes USING btree (factor_id);


--
-- Name: otp_factors_admin_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX otp_factors_admin_idx ON public.otp_factors USING btree (admin_user_id);


--
-- Name: otp_factors_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX otp_factors_user_idx ON public.otp_factors USING btree (user_id);


--
-- Name: passkey_ceremonies_expires_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX passkey_ceremonies_expires_idx ON public.passkey_ceremonies USING btree (expires_at);


--
-- Name: passkey_credentials_admin_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX passkey_credentials_admin_idx ON public.passkey_credentials USING btree (admin_user_id);


--
-- Name: passkey_credentials_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX passkey_credentials_user_idx ON public.passkey_credentials USING btree (user_id);


--
-- Name: pending_registrations_expires_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX pending_registrations_expires_idx ON public.pending_registrations USING btree (expires_at);


--
-- Name: refresh_tokens_grant_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX refresh_tokens_grant_idx ON public.refresh_tokens USING btree (grant_id);


--
-- Name: scim_connections_organization_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scim_connections_organization_idx ON public.scim_connections USING btree (organization_id);


--
-- Name: scim_group_members_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scim_group_members_user_idx ON public.scim_group_members USING btree (scim_user_id);


--
-- Name: scim_groups_display_name_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX scim_groups_display_name_idx ON public.scim_groups USING btree (connection_id, display_name_normalized);


--
-- Name: scim_groups_external_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scim_groups_external_id_idx ON public.scim_groups USING btree (connection_id, external_id);


--
-- Name: scim_tokens_connection_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scim_tokens_connection_idx ON public.scim_tokens USING btree (connection_id);


--
-- Name: scim_tokens_hash_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX scim_tokens_hash_idx ON public.scim_tokens USING btree (token_hash);


--
-- Name: scim_users_account_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX scim_users_account_idx ON public.scim_users USING btree (connection_id, user_id);


--
-- Name: scim_users_external_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scim_users_external_id_idx ON public.scim_users USING btree (connection_id, external_id);


--
-- Name: scim_users_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scim_users_user_idx ON public.scim_users USING btree (user_id);


--
-- Name: scim_users_user_name_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX scim_users_user_name_idx ON public.scim_users USING btree (connection_id, user_name_normalized) WHERE (deleted_at IS NULL);


--
-- Name: sessions_admin_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sessions_admin_user_idx ON public.sessions USING btree (admin_user_id);


--
-- Name: sessions_end_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sessions_end_idx ON public.sessions USING btree (LEAST(ended_at, idle_expires_at, absolute_expires_at));


--
-- Name: sessions_public_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX sessions_public_id_idx ON public.sessions USING btree (public_id);


--
-- Name: sessions_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sessions_user_idx ON public.sessions USING btree (user_id);


--
-- Name: signing_keys_alg_state_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX signing_keys_alg_state_idx ON public.signing_keys USING btree (alg, state);


--
-- Name: users_email_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX users_email_idx ON public.users USING btree (email_normalized);


--
-- Name: authorization_codes authorization_codes_client_id_clients_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.authorization_codes
    ADD CONSTRAINT authorization_codes_client_id_clients_id_fk FOREIGN KEY (client_id) REFERENCES public.clients(id) ON DELETE CASCADE;


--
-- Name: authorization_codes authorization_codes_session_id_sessions_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.authorization_codes
    ADD CONSTRAINT authorization_codes_session_id_sessions_id_fk FOREIGN KEY (session_id) REFERENCES public.sessions(id) ON DELETE CASCADE;


--
-- Name: authorization_codes authorization_codes_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.authorization_codes
    ADD CONSTRAINT authorization_codes_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: authorization_requests authorization_requests_client_id_clients_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.authorization_requests
    ADD CONSTRAINT authorization_requests_client_id_clients_id_fk FOREIGN KEY (client_id) REFERENCES public.clients(id) ON DELETE CASCADE;


--
-- Name: authorization_requests authorization_requests_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.authorization_requests
    ADD CONSTRAINT authorization_requests_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: client_icons client_icons_client_id_clients_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.client_icons
    ADD CONSTRAINT client_icons_client_id_clients_id_fk FOREIGN KEY (client_id) REFERENCES public.clients(id) ON DELETE CASCADE;


--
-- Name: client_secrets client_secrets_client_id_clients_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.client_secrets
    ADD CONSTRAINT client_secrets_client_id_clients_id_fk FOREIGN KEY (client_id) REFERENCES public.clients(id) ON DELETE CASCADE;


--
-- Name: consents consents_client_id_clients_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.consents
    ADD CONSTRAINT consents_client_id_clients_id_fk FOREIGN KEY (client_id) REFERENCES public.clients(id) ON DELETE CASCADE;


--
-- Name: consents consents_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.consents
    ADD CONSTRAINT consents_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: device_approvals device_approvals_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.device_approvals
    ADD CONSTRAINT device_approvals_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: email_tokens email_tokens_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.email_tokens
    ADD CONSTRAINT email_tokens_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: federated_identities federated_identities_connection_id_federation_connections_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.federated_identities
    ADD CONSTRAINT federated_identities_connection_id_federation_connections_id_fk FOREIGN KEY (connection_id) REFERENCES public.federation_connections(id) ON DELETE CASCADE;


--
-- Name: federated_identities federated_identities_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.federated_identities
    ADD CONSTRAINT federated_identities_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: federation_domains federation_domains_connection_id_federation_connections_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.federation_domains
    ADD CONSTRAINT federation_domains_connection_id_federation_connections_id_fk FOREIGN KEY (connection_id) REFERENCES public.federation_connections(id) ON DELETE CASCADE;


--
-- Name: federation_flows federation_flows_connection_id_federation_connections_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.federation_flows
    ADD CONSTRAINT federation_flows_connection_id_federation_connections_id_fk FOREIGN KEY (connection_id) REFERENCES public.federation_connections(id) ON DELETE CASCADE;


--
-- Name: grants grants_client_id_clients_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.grants
    ADD CONSTRAINT grants_client_id_clients_id_fk FOREIGN KEY (client_id) REFERENCES public.clients(id) ON DELETE CASCADE;


--
-- Name: grants grants_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.grants
    ADD CONSTRAINT grants_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: keybag_envelopes keybag_envelopes_user_id_keybags_user_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.keybag_envelopes
    ADD CONSTRAINT keybag_envelopes_user_id_keybags_user_id_fk FOREIGN KEY (user_id) REFERENCES public.keybags(user_id) ON DELETE CASCADE;


--
-- Name: keybags keybags_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.keybags
    ADD CONSTRAINT keybags_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: legacy_wrapped_drks legacy_wrapped_drks_client_id_clients_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.legacy_wrapped_drks
    ADD CONSTRAINT legacy_wrapped_drks_client_id_clients_id_fk FOREIGN KEY (client_id) REFERENCES public.clients(id) ON DELETE CASCADE;


--
-- Name: legacy_wrapped_drks legacy_wrapped_drks_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.legacy_wrapped_drks
    ADD CONSTRAINT legacy_wrapped_drks_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: opaque_logins opaque_logins_admin_user_id_admin_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.opaque_logins
    ADD CONSTRAINT opaque_logins_admin_user_id_admin_users_id_fk FOREIGN KEY (admin_user_id) REFERENCES public.admin_users(id) ON DELETE CASCADE;


--
-- Name: opaque_logins opaque_logins_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.opaque_logins
    ADD CONSTRAINT opaque_logins_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: organization_member_roles organization_member_roles_member_id_organization_members_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.organization_member_roles
    ADD CONSTRAINT organization_member_roles_member_id_organization_members_id_fk FOREIGN KEY (member_id) REFERENCES public.organization_members(id) ON DELETE CASCADE;


--
-- Name: organization_member_roles organization_member_roles_role_key_roles_key_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.organization_member_roles
    ADD CONSTRAINT organization_member_roles_role_key_roles_key_fk FOREIGN KEY (role_key) REFERENCES public.roles(key) ON DELETE CASCADE;


--
-- Name: organization_members organization_members_organization_id_organizations_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.organization_members
    ADD CONSTRAINT organization_members_organization_id_organizations_id_fk FOREIGN KEY (organization_id) REFERENCES public.organizations(id) ON DELETE CASCADE;


--
-- Name: organization_members organization_members_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.organization_members
    ADD CONSTRAINT organization_members_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: otp_backup_codes otp_backup_codes_factor_id_otp_factors_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.otp_backup_codes
    ADD CONSTRAINT otp_backup_codes_factor_id_otp_factors_id_fk FOREIGN KEY (factor_id) REFERENCES public.otp_factors(id) ON DELETE CASCADE;


--
-- Name: otp_factors otp_factors_admin_user_id_admin_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.otp_factors
    ADD CONSTRAINT otp_factors_admin_user_id_admin_users_id_fk FOREIGN KEY (admin_user_id) REFERENCES public.admin_users(id) ON DELETE CASCADE;


--
-- Name: otp_factors otp_factors_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.otp_factors
    ADD CONSTRAINT otp_factors_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: passkey_ceremonies passkey_ceremonies_admin_user_id_admin_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.passkey_ceremonies
    ADD CONSTRAINT passkey_ceremonies_admin_user_id_admin_users_id_fk FOREIGN KEY (admin_user_id) REFERENCES public.admin_users(id) ON DELETE CASCADE;


--
-- Name: passkey_ceremonies passkey_ceremonies_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.passkey_ceremonies
    ADD CONSTRAINT passkey_ceremonies_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: passkey_credentials passkey_credentials_admin_user_id_admin_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.passkey_credentials
    ADD CONSTRAINT passkey_credentials_admin_user_id_admin_users_id_fk FOREIGN KEY (admin_user_id) REFERENCES public.admin_users(id) ON DELETE CASCADE;


--
-- Name: passkey_credentials passkey_credentials_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.passkey_credentials
    ADD CONSTRAINT passkey_credentials_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: refresh_tokens refresh_tokens_grant_id_grants_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.refresh_tokens
    ADD CONSTRAINT refresh_tokens_grant_id_grants_id_fk FOREIGN KEY (grant_id) REFERENCES public.grants(id) ON DELETE CASCADE;


--
-- Name: role_permissions role_permissions_permission_key_permissions_key_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.role_permissions
    ADD CONSTRAINT role_permissions_permission_key_permissions_key_fk FOREIGN KEY (permission_key) REFERENCES public.permissions(key) ON DELETE CASCADE;


--
-- Name: role_permissions role_permissions_role_key_roles_key_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.role_permissions
    ADD CONSTRAINT role_permissions_role_key_roles_key_fk FOREIGN KEY (role_key) REFERENCES public.roles(key) ON DELETE CASCADE;


--
-- Name: scim_connections scim_connections_organization_id_organizations_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.scim_connections
    ADD CONSTRAINT scim_connections_organization_id_organizations_id_fk FOREIGN KEY (organization_id) REFERENCES public.organizations(id) ON DELETE CASCADE;


--
-- Name: scim_group_members scim_group_members_group_id_scim_groups_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.scim_group_members
    ADD CONSTRAINT scim_group_members_group_id_scim_groups_id_fk FOREIGN KEY (group_id) REFERENCES public.scim_groups(id) ON DELETE CASCADE;


--
-- Name: scim_group_members scim_group_members_scim_user_id_scim_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.scim_group_members
    ADD CONSTRAINT scim_group_members_scim_user_id_scim_users_id_fk FOREIGN KEY (scim_user_id) REFERENCES public.scim_users(id) ON DELETE CASCADE;


--
-- Name: scim_groups scim_groups_connection_id_scim_connections_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.scim_groups
    ADD CONSTRAINT scim_groups_connection_id_scim_connections_id_fk FOREIGN KEY (connection_id) REFERENCES public.scim_connections(id) ON DELETE CASCADE;


--
-- Name: scim_tokens scim_tokens_connection_id_scim_connections_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.scim_tokens
    ADD CONSTRAINT scim_tokens_connection_id_scim_connections_id_fk FOREIGN KEY (connection_id) REFERENCES public.scim_connections(id) ON DELETE CASCADE;


--
-- Name: scim_users scim_users_connection_id_scim_connections_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.scim_users
    ADD CONSTRAINT scim_users_connection_id_scim_connections_id_fk FOREIGN KEY (connection_id) REFERENCES public.scim_connections(id) ON DELETE CASCADE;


--
-- Name: scim_users scim_users_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.scim_users
    ADD CONSTRAINT scim_users_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: sessions sessions_admin_user_id_admin_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_admin_user_id_admin_users_id_fk FOREIGN KEY (admin_user_id) REFERENCES public.admin_users(id) ON DELETE CASCADE;


--
-- Name: sessions sessions_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: user_encryption_keys user_encryption_keys_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_encryption_keys
    ADD CONSTRAINT user_encryption_keys_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--


