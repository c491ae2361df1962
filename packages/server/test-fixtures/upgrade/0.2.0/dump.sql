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
-- Name: admin_tokens; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.admin_tokens (
    id text NOT NULL,
    name text NOT NULL,
    token_hash text NOT NULL,
    prefix text NOT NULL,
    scopes text[] NOT NULL,
    created_by text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_used_at timestamp with time zone,
    expires_at timestamp with time zone,
    revoked_at timestamp with time zone
);


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
    grant_id text,
    dpop_jkt text
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
-- Name: brand_images; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.brand_images (
    scope text NOT NULL,
    kind text NOT NULL,
    content_type text NOT NULL,
    bytes bytea NOT NULL,
    etag text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: brands; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.brands (
    scope text NOT NULL,
    organization_id text,
    product_name text,
    primary_color text,
    custom_css text,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT brands_scope_matches_organization CHECK ((((scope = 'global'::text) AND (organization_id IS NULL)) OR (scope = organization_id)))
);


--
-- Name: client_assertion_jtis; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.client_assertion_jtis (
    client_id text NOT NULL,
    jti text NOT NULL,
    expires_at timestamp with time zone NOT NULL
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
    zk_key_scope text DEFAULT 'client'::text NOT NULL,
    dpop_bound_access_tokens boolean DEFAULT false NOT NULL,
    token_endpoint_auth_method text,
    jwks jsonb,
    jwks_uri text,
    require_pushed_authorization_requests boolean DEFAULT false NOT NULL
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
-- Name: dpop_proofs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.dpop_proofs (
    jkt text NOT NULL,
    jti text NOT NULL,
    expires_at timestamp with time zone NOT NULL
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
    revoked_at timestamp with time zone,
    dpop_jkt text
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
-- Name: pushed_authorization_requests; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.pushed_authorization_requests (
    id_hash text NOT NULL,
    client_id text NOT NULL,
    parameters jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    consumed_at timestamp with time zone
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
-- Name: webhook_attempts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.webhook_attempts (
    id bigint NOT NULL,
    event_id text NOT NULL,
    attempted_at timestamp with time zone DEFAULT now() NOT NULL,
    status_code integer,
    duration_ms integer NOT NULL,
    error text
);


--
-- Name: webhook_attempts_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.webhook_attempts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: webhook_attempts_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.webhook_attempts_id_seq OWNED BY public.webhook_attempts.id;


--
-- Name: webhook_endpoints; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.webhook_endpoints (
    id text NOT NULL,
    url text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    event_types jsonb NOT NULL,
    enabled boolean DEFAULT true NOT NULL,
    secret_sealed text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: webhook_events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.webhook_events (
    id text NOT NULL,
    seq bigint NOT NULL,
    endpoint_id text NOT NULL,
    type text NOT NULL,
    body text NOT NULL,
    ordering_key text NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    next_attempt_at timestamp with time zone DEFAULT now() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    delivered_at timestamp with time zone
);


--
-- Name: webhook_events_seq_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.webhook_events_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: webhook_events_seq_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.webhook_events_seq_seq OWNED BY public.webhook_events.seq;


--
-- Name: audit_events id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.audit_events ALTER COLUMN id SET DEFAULT nextval('public.audit_events_id_seq'::regclass);


--
-- Name: webhook_attempts id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.webhook_attempts ALTER COLUMN id SET DEFAULT nextval('public.webhook_attempts_id_seq'::regclass);


--
-- Name: webhook_events seq; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.webhook_events ALTER COLUMN seq SET DEFAULT nextval('public.webhook_events_seq_seq'::regclass);


--
-- Data for Name: admin_tokens; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: admin_users; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.admin_users VALUES ('a01b34fd-b8eb-459e-8bb8-26a92d8fe682', 'root@example.com', 'root@example.com', '', 'write', 'active', 'ajhv85t1gD8SeEiEDJHyoE6BM2S-xQWY9LTOttFp6yz2URMupnuK944jRy1EF5tTdxIXoOX3oyYabE4ht9IEEL2iuz9uO369SJ9a83xQ6gL7Vcn7La_TJsZ-XwIl9BGe_iNpJKLsAH5g6Ki7_FxF6o1u8CtFBcBVLAUMR2ZgX6oRNUBvzzN8z66vsZELj-ZH7ETTlhSgt3ArAcllEldXJtGY-8Jk5dvTU-i9-fnmfrv4_XNp1SApuCnlpVrr-EJF', '2026-11-29 07:01:09.058816+00', '2026-11-29 07:01:09.107+00');


--
-- Data for Name: audit_events; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.audit_events VALUES (1, '2026-11-29 07:01:09.058816+00', 'install.completed', 'success', 'installer', NULL, 'admin_user', 'a01b34fd-b8eb-459e-8bb8-26a92d8fe682', '127.0.0.1', 'node', '{"via": "install_page", "smtp": false, "base_url": null, "product_name": "Acme ID", "self_registration": false}');
INSERT INTO public.audit_events VALUES (2, '2026-11-29 07:01:09.303956+00', 'admin.sign_in', 'success', 'admin', 'a01b34fd-b8eb-459e-8bb8-26a92d8fe682', NULL, NULL, '127.0.0.1', 'node', '{}');
INSERT INTO public.audit_events VALUES (3, '2026-11-29 07:01:09.539753+00', 'otp.enrolled', 'success', 'admin', 'a01b34fd-b8eb-459e-8bb8-26a92d8fe682', NULL, NULL, '127.0.0.1', 'node', '{}');
INSERT INTO public.audit_events VALUES (4, '2026-11-29 07:01:09.620704+00', 'setting.changed', 'success', 'admin', 'a01b34fd-b8eb-459e-8bb8-26a92d8fe682', 'setting', 'accounts.self_registration', '127.0.0.1', 'node', '{"key": "[redacted]", "value": true}');
INSERT INTO public.audit_events VALUES (5, '2026-11-29 07:01:09.735619+00', 'setting.changed', 'success', 'admin', 'a01b34fd-b8eb-459e-8bb8-26a92d8fe682', 'setting', 'accounts.require_email_verification', '127.0.0.1', 'node', '{"key": "[redacted]", "value": false}');
INSERT INTO public.audit_events VALUES (6, '2026-11-29 07:01:09.903558+00', 'client.created', 'success', 'admin', 'a01b34fd-b8eb-459e-8bb8-26a92d8fe682', 'client', 'fault-rp', '127.0.0.1', 'node', '{"changes": {"name": "Fault test RP", "type": "confidential", "client_id": "fault-rp", "grant_types": ["authorization_code", "refresh_token"], "redirect_uris": ["https://rp.example.com/callback"]}}');
INSERT INTO public.audit_events VALUES (7, '2026-11-29 07:01:10.385435+00', 'user.sign_in', 'success', 'user', '508479bb-8d04-41f8-b641-d51839366114', NULL, NULL, '127.0.0.1', 'node', '{}');
INSERT INTO public.audit_events VALUES (8, '2026-11-29 07:01:10.490508+00', 'client.created', 'success', 'admin', 'a01b34fd-b8eb-459e-8bb8-26a92d8fe682', 'client', 'batch', '127.0.0.1', 'node', '{"changes": {"name": "Batch", "type": "confidential", "scopes": [{"scope": "jobs", "description": "Run jobs"}], "client_id": "batch", "grant_types": ["client_credentials"], "redirect_uris": []}}');
INSERT INTO public.audit_events VALUES (9, '2026-11-29 07:01:10.996196+00', 'organization.created', 'success', 'admin', 'a01b34fd-b8eb-459e-8bb8-26a92d8fe682', 'organization', 'f1ed12db-4c08-48c8-b50a-8eeb8ba57214', '127.0.0.1', 'node', '{"slug": "restored-org", "owner": null}');
INSERT INTO public.audit_events VALUES (10, '2026-11-29 07:01:11.15606+00', 'scim.connection.created', 'success', 'admin', 'a01b34fd-b8eb-459e-8bb8-26a92d8fe682', 'scim_connection', '1e279008-07b3-44b7-b2ad-45b2cd7d3663', '127.0.0.1', 'node', '{"organization": "f1ed12db-4c08-48c8-b50a-8eeb8ba57214"}');
INSERT INTO public.audit_events VALUES (11, '2026-11-29 07:01:11.228819+00', 'scim.token.created', 'success', 'admin', 'a01b34fd-b8eb-459e-8bb8-26a92d8fe682', 'scim_token', '6c040294-261d-4658-956a-9a7bc18ecf18', '127.0.0.1', 'node', '{"prefix": "tessera_scim_H6q09N", "connection": "1e279008-07b3-44b7-b2ad-45b2cd7d3663", "expires_at": null}');
INSERT INTO public.audit_events VALUES (12, '2026-11-29 07:01:11.265994+00', 'keys.account_key_created', 'success', 'user', '508479bb-8d04-41f8-b641-d51839366114', 'user', '508479bb-8d04-41f8-b641-d51839366114', '127.0.0.1', 'node', '{"version": 1, "envelopes": [{"id": "c40d015b-d2d0-45f0-8c7d-aee2195b9ab8", "type": "recovery_key"}]}');
INSERT INTO public.audit_events VALUES (13, '2026-11-29 07:01:11.512168+00', 'passkey.registered', 'success', 'user', '508479bb-8d04-41f8-b641-d51839366114', 'passkey', 'a148b247-4782-4d0d-a175-04c5894b75c1', '127.0.0.1', 'node', '{"device_type": "singleDevice", "prf_capable": false}');
INSERT INTO public.audit_events VALUES (14, '2026-11-29 07:01:11.676533+00', 'federation.connection.created', 'success', 'admin', 'a01b34fd-b8eb-459e-8bb8-26a92d8fe682', 'federation_connection', '5c84ddea-c402-4462-b78c-459d5383f010', '127.0.0.1', 'node', '{"name": "Upstream", "issuer": "https://idp.example.com", "jwksUri": "https://idp.example.com/jwks", "clientId": "tessera", "discoveryUrl": null, "tokenEndpoint": "[redacted]", "clientSecretReplaced": true, "authorizationEndpoint": "[redacted]"}');


--
-- Data for Name: authorization_codes; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.authorization_codes VALUES ('jz7rej_tauK8IMd8XGBATQcHKvw30Sj5fKpkJdOupiY', 'fault-rp', '508479bb-8d04-41f8-b641-d51839366114', 'pqTHoP_Nbm8VUn5PniP_HTrX5zckjYTyfCHyb67K3D8', 'https://rp.example.com/callback', 'openid offline_access', 'Q0xLrmi6MDAvNIl9O5geJurKKnS42hxLy21MaCeXE04', NULL, '2026-11-29 07:01:10.384+00', '["pwd"]', 'urn:tessera:loa:1', NULL, NULL, NULL, '2026-11-29 07:01:10.734549+00', '2026-11-29 07:02:10.72+00', '2026-11-29 07:01:10.82+00', 'f58921a9-5107-497f-9e61-fd8cbeaf9da6', NULL);


--
-- Data for Name: authorization_requests; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.authorization_requests VALUES ('IwtYHBhJ7RDai76gYz3Ny4FMPLywvvpe2fKMPFFAPyE', 'fault-rp', '{"nonce": null, "scope": "openid offline_access", "state": null, "zkPub": null, "maxAge": null, "prompt": [], "clientId": "fault-rp", "parkedAt": "2026-11-29T07:01:10.628Z", "loginHint": null, "hintSubject": null, "idTokenHint": null, "redirectUri": "https://rp.example.com/callback", "codeChallenge": "Q0xLrmi6MDAvNIl9O5geJurKKnS42hxLy21MaCeXE04", "organizationId": null, "loginRequiredAfter": null}', '2026-11-29 07:01:10.63933+00', '2026-11-29 07:11:10.628+00', '2026-11-29 07:01:10.72+00', 'AfLan4TxNST5UmDXIHlN4do8XhWrPbqaRcI_QGvUyiI', '508479bb-8d04-41f8-b641-d51839366114');


--
-- Data for Name: brand_images; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: brands; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: client_assertion_jtis; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: client_icons; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: client_secrets; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.client_secrets VALUES ('0ddaeedf-8884-4478-9b59-3f801275a724', 'batch', 'v1.WDb96W0tzeMLhK_H.7kG9DB8F3Lw7RQvISXrbEJBnfi0wESgtZ8ZKDgkOZiha5Nw8T0iPlwUKYe1RKCowGK-jEaKXg9S-RhY', 'zbdA', '2026-11-29 07:01:10.490508+00', NULL, NULL);
INSERT INTO public.client_secrets VALUES ('3d99f303-b95e-4ed7-9abf-86f81a8d733b', 'fault-rp', 'v1.UZN5kKzSPV_lNEbN.5WPFY95y8EAWGcoWlo3IyIy10wLc4eW88ce0WIE9RDbcTEkLjsS0Kr04lhUeGE3rUDRY9OzJE4Y5lwk', 'f98g', '2026-11-29 07:01:09.903558+00', '2026-11-29 07:01:10.819+00', NULL);


--
-- Data for Name: clients; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.clients VALUES ('fault-rp', 'Fault test RP', '', NULL, NULL, 'confidential', '["https://rp.example.com/callback"]', '[]', '["authorization_code", "refresh_token"]', '[{"scope": "openid", "description": "Sign you in with your account"}, {"scope": "profile", "description": "Read your name"}, {"scope": "email", "description": "Read your email address and whether it is verified"}, {"scope": "offline_access", "description": "Stay signed in when you are not using the app"}]', true, 'RS256', NULL, NULL, NULL, false, false, 'none', false, true, '2026-11-29 07:01:09.903558+00', '2026-11-29 07:01:09.903558+00', 'client', false, 'client_secret_basic', NULL, NULL, false);
INSERT INTO public.clients VALUES ('batch', 'Batch', '', NULL, NULL, 'confidential', '[]', '[]', '["client_credentials"]', '[{"scope": "jobs", "description": "Run jobs"}]', true, 'RS256', NULL, NULL, NULL, false, false, 'none', false, true, '2026-11-29 07:01:10.490508+00', '2026-11-29 07:01:10.490508+00', 'client', false, 'client_secret_basic', NULL, NULL, false);


--
-- Data for Name: consents; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.consents VALUES ('508479bb-8d04-41f8-b641-d51839366114', 'fault-rp', '["openid", "offline_access"]', '2026-11-29 07:01:10.734549+00');


--
-- Data for Name: device_approvals; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: dpop_proofs; Type: TABLE DATA; Schema: public; Owner: -
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

INSERT INTO public.federation_connections VALUES ('5c84ddea-c402-4462-b78c-459d5383f010', 'Upstream', 'https://idp.example.com', 'tessera', 'v1.Ter2h1pX-QlwAalA.F3-M5eJmoafAWvDqDr5mDGopjcVdnKBfMH4nTuj7lBAYKdvKfNkFqdN22QGMHiyVUWGIU2FOSZB9Ix4op2exvaw', NULL, 'https://idp.example.com/authorize', 'https://idp.example.com/token', 'https://idp.example.com/jwks', NULL, '["openid", "email", "profile"]', '{}', 'email_verified', false, false, true, '2026-11-29 07:01:11.676533+00', '2026-11-29 07:01:11.676533+00', false);


--
-- Data for Name: federation_domains; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: federation_flows; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: grants; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.grants VALUES ('f58921a9-5107-497f-9e61-fd8cbeaf9da6', 'fault-rp', '508479bb-8d04-41f8-b641-d51839366114', 'pqTHoP_Nbm8VUn5PniP_HTrX5zckjYTyfCHyb67K3D8', 'openid offline_access', NULL, '2026-11-29 07:01:10.384+00', '["pwd"]', 'urn:tessera:loa:1', '2026-11-29 07:01:10.859799+00', '2026-12-29 07:01:10.82+00', NULL, NULL);


--
-- Data for Name: install_tokens; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.install_tokens VALUES ('5jkTQIFwNcWsGp-BGVBUzrvzDrcbSRfpfmNrWbCvlB8', '2026-11-29 07:01:08.870519+00', '2026-11-30 07:01:08.867+00', '2026-11-29 07:01:09.103+00');


--
-- Data for Name: installation; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.installation VALUES (1, '2026-11-29 07:01:09.105+00');


--
-- Data for Name: keybag_envelopes; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.keybag_envelopes VALUES ('508479bb-8d04-41f8-b641-d51839366114', 'c40d015b-d2d0-45f0-8c7d-aee2195b9ab8', 'recovery_key', 2, 'A256GCM', 'HKDF-SHA-256', 'KCQjP7YgDWPsS9-qlMSYmaOIWYe7Fo_4vpCq4Q7w-a0', 'tessera/zk/v2/envelope-key/recovery_key', 'AfEfg3RBpG44PlRLVZmbN9PcGuufn4-t5AYJWAzXPcZ3UX8ED3SJIf-LnjtOwm_mC2hlbRnFFeCStbTo', 'recovery_key envelope', NULL, NULL, NULL, 'usable', '2026-11-29 07:01:11.265994+00', NULL);


--
-- Data for Name: keybags; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.keybags VALUES ('508479bb-8d04-41f8-b641-d51839366114', 'b7a1426a-d30c-4de9-90db-5ddf546deb94', 1, 2, 'o1y2820ZKK7sjWapaZklU4ojxTsS0pYACeD9xeesTHo', '2026-11-29 07:01:11.265994+00', NULL, NULL);


--
-- Data for Name: legacy_wrapped_drks; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: opaque_logins; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.opaque_logins VALUES ('ddWSILy06qCLexjB1negvdcKfo3OFQOpGmFbMZ0FWno', NULL, 'login', 'v1.TujwP5RXvTUMqlEE.wcV4Gybl9g_fSVNw8BrPjzqloWU4BJZO3_9DRH1auYWtqIx_stXn-DTMZu9UeCs2GWEO4DjJPpAoh07k8H-zrO2DsbpuVRE565rZ2wxnG6yynxDBZ47XRok-UCYh0r7U7baOgKm2oPlPy_ovvWfzbzb1LDe2mHIBajcwIqz0WusCTkc6z-oTEf_R_FFBPkVRFX-ljnZaH8cBPUTO6u0awNfZv8OxysyMFLSwEeP_JDU-jnu4azLtAAhfBw', '2026-11-29 07:01:09.230544+00', '2026-11-29 07:06:09.22+00', '2026-11-29 07:01:09.268+00', 'admin', 'a01b34fd-b8eb-459e-8bb8-26a92d8fe682');


--
-- Data for Name: organization_member_roles; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: organization_members; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: organizations; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.organizations VALUES ('f1ed12db-4c08-48c8-b50a-8eeb8ba57214', 'Restored Org', 'restored-org', 'active', '{"require_totp": false}', '2026-11-29 07:01:10.996196+00', '2026-11-29 07:01:10.996196+00');


--
-- Data for Name: otp_backup_codes; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.otp_backup_codes VALUES ('6fcf09f8-09aa-49eb-9c67-c657c8d245f0', '437fd639-2820-4ee3-9565-d00d6e6c8185', 'xHL0Rvy07E2RZ7aBJc2PFV-Fx4toSDnoJG5k12yc6Tk', NULL);
INSERT INTO public.otp_backup_codes VALUES ('f466cfba-bb9d-4a81-b2be-5df7906a3527', '437fd639-2820-4ee3-9565-d00d6e6c8185', 'JPwJvmIj2ewy3mCDhHBuOnjd8E36TIHYY2TEtxz-r80', NULL);
INSERT INTO public.otp_backup_codes VALUES ('c68eb536-fc99-4de5-8ae5-b237e4ebb640', '437fd639-2820-4ee3-9565-d00d6e6c8185', '5__kQUQCPXqG9vnvf13NLXCMW-AobN5IhzoQP9U1kZw', NULL);
INSERT INTO public.otp_backup_codes VALUES ('67c338d8-03e8-4933-9e5a-f320dc8466da', '437fd639-2820-4ee3-9565-d00d6e6c8185', 'nhkTukbkMRI1BzaGxcYAfkCY8uksKVLdMnz1zrUFmKQ', NULL);
INSERT INTO public.otp_backup_codes VALUES ('8b04b677-b8ba-4c12-b4e6-e4f7f4571c60', '437fd639-2820-4ee3-9565-d00d6e6c8185', 'DcwDh5cqQHe2n-dSO8JXARsAZPvJhTIdD03gx1y3RbM', NULL);
INSERT INTO public.otp_backup_codes VALUES ('ee254f83-3638-4276-8fe6-bbb6a328a832', '437fd639-2820-4ee3-9565-d00d6e6c8185', '78MfJqIOA-qMj_d5rpv2Z5dme09aTUpKRx3dSdj1ITI', NULL);
INSERT INTO public.otp_backup_codes VALUES ('c591c9c7-8865-4f1d-a9cb-988c2663f409', '437fd639-2820-4ee3-9565-d00d6e6c8185', '9-9Oxxb4jp_Gr9Ynxjnkk-6XmkLxqJnueBz5SSBKOt8', NULL);
INSERT INTO public.otp_backup_codes VALUES ('03e4bf4c-9182-4e7c-bb64-768b05385a0a', '437fd639-2820-4ee3-9565-d00d6e6c8185', '3ovsUwlgXk9tmqOTQJspa6Coak5mZGi8mdp_Q7kUz6M', NULL);
INSERT INTO public.otp_backup_codes VALUES ('0b57d2d5-1cb3-4735-aab0-e6b363d9e78d', '437fd639-2820-4ee3-9565-d00d6e6c8185', 'cSh6szRKbSU6LztUEdR6K6pF-4XvGH-qN70zXKjoDCo', NULL);
INSERT INTO public.otp_backup_codes VALUES ('9cc63b38-5742-447d-9df0-3d9916fdd933', '437fd639-2820-4ee3-9565-d00d6e6c8185', 'oAXHDovDxoxl3PLfnmMpGPShw4qMPsRPDSWRKyR_2Cw', NULL);


--
-- Data for Name: otp_factors; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.otp_factors VALUES ('437fd639-2820-4ee3-9565-d00d6e6c8185', 'admin', NULL, 'a01b34fd-b8eb-459e-8bb8-26a92d8fe682', 'enabled', 'v1.dgmueouQF81o3CqA.7At1qBqmL7ArVr4R9le15a3oKda2bMQ3P2VWerY7DRvzgQEr', 'SHA1', 6, 30, 59864522, 0, NULL, '2026-11-29 07:01:09.481879+00', '2026-11-29 07:01:09.565+00');


--
-- Data for Name: passkey_ceremonies; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.passkey_ceremonies VALUES ('N03QPJ2emJWBAuo-zJG6XdYgcKUk9nEGEJCDhKRbcd0', 'registration', '508479bb-8d04-41f8-b641-d51839366114', 'pqTHoP_Nbm8VUn5PniP_HTrX5zckjYTyfCHyb67K3D8', false, 'jL-CVo6H_HYBDdqJ3EuFQSgLwd6bLZ_XPB3RVBr8AC4', '2026-11-29 07:06:11.49+00', '2026-11-29 07:01:11.526+00', 'user', NULL);


--
-- Data for Name: passkey_credentials; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.passkey_credentials VALUES ('a148b247-4782-4d0d-a175-04c5894b75c1', '508479bb-8d04-41f8-b641-d51839366114', '3Pqd5voWpXEovKCALhL8gg', 'pQECAyYgASFYIE__V_mIhW44TZUUXo9ZJTZu6y1Cq3P7JXEyeElqR4dVIlgg8clChnBU1dLfwF7W41-K_UN8Tls4gRpMt71Rn4ZbtY4', 0, '["internal"]', '00000000-0000-0000-0000-000000000000', 'singleDevice', false, 'Restored key', 'jL-CVo6H_HYBDdqJ3EuFQSgLwd6bLZ_XPB3RVBr8AC4', false, NULL, '2026-11-29 07:01:11.512168+00', NULL, 'user', NULL);


--
-- Data for Name: pending_registrations; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.pending_registrations VALUES ('n5qVrvacbCzjtVyxxQbui04mRoIHwArmRRwSQyK_H4Q', 'root@example.com', 'a01b34fd-b8eb-459e-8bb8-26a92d8fe682', 'admin_set', '2026-11-29 07:01:08.974204+00', '2026-11-29 07:11:08.973+00', '2026-11-29 07:01:09.079+00', 'admin');
INSERT INTO public.pending_registrations VALUES ('_15Hqc4STFB7ccVOuI3IG9XaK0h150vb29pytRdvBWI', 'ada@example.com', '508479bb-8d04-41f8-b641-d51839366114', 'signup', '2026-11-29 07:01:10.286553+00', '2026-11-29 07:11:10.275+00', '2026-11-29 07:01:10.307+00', 'user');


--
-- Data for Name: permissions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.permissions VALUES ('service.org:manage', 'Manage the organization: its members, their roles, invitations and settings', true, '2026-11-29 07:01:07.579771+00');
INSERT INTO public.permissions VALUES ('service.users:read', 'Read the users directory of the organization', true, '2026-11-29 07:01:07.585217+00');


--
-- Data for Name: pushed_authorization_requests; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: refresh_tokens; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.refresh_tokens VALUES ('LAoGegkx3mnLtACYHr7b-O6sjBbR2LJk1N-XrR1AlVM', 'f58921a9-5107-497f-9e61-fd8cbeaf9da6', 'fault-rp', '2026-11-29 07:01:10.859799+00', '2026-12-29 07:01:10.82+00', NULL);


--
-- Data for Name: role_permissions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.role_permissions VALUES ('admin', 'service.org:manage');
INSERT INTO public.role_permissions VALUES ('admin', 'service.users:read');


--
-- Data for Name: roles; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.roles VALUES ('admin', 'Administrator', 'Manages the organization: members, roles, invitations and settings', true, '2026-11-29 07:01:07.58982+00', '2026-11-29 07:01:07.58982+00');
INSERT INTO public.roles VALUES ('member', 'Member', 'Belongs to the organization', true, '2026-11-29 07:01:07.59914+00', '2026-11-29 07:01:07.59914+00');


--
-- Data for Name: scim_connections; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.scim_connections VALUES ('1e279008-07b3-44b7-b2ad-45b2cd7d3663', 'Restored IdP', 'f1ed12db-4c08-48c8-b50a-8eeb8ba57214', 'suspend', false, 'ignore', '[]', '2026-11-29 07:01:11.15606+00', '2026-11-29 07:01:11.15606+00', false);


--
-- Data for Name: scim_group_members; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: scim_groups; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: scim_tokens; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.scim_tokens VALUES ('6c040294-261d-4658-956a-9a7bc18ecf18', '1e279008-07b3-44b7-b2ad-45b2cd7d3663', 'Restored token', 'MOQbRN5qGEnoKCh4apvi6XUW-c7X3cy1kDmiV3u-IEU', 'tessera_scim_H6q09N', 'a01b34fd-b8eb-459e-8bb8-26a92d8fe682', '2026-11-29 07:01:11.228819+00', NULL, NULL, NULL);


--
-- Data for Name: scim_users; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: server_secrets; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.server_secrets VALUES ('opaque_server_setup', 'v1.FFj8kei65ZLLN0X8.OuhEsvu1cMqiW8xv3yO9NUtzmjqefqbvqvQ9NNBmfoqFod8OQaHPBaVV0H12YTUtdO2aVJlX1UbsOb1Qo5zrsj5ubG7UGg3zlbKYup_7YJEC5tLWCNBI5tiF2GZaHQx1Hgomx2CaEPxqNfM5Hde-T72s38mjhCgJhNtX0FxdCGKeGvs-tS7Zp03P4s6yMJnChIpCZ5TX9j3NzvDQkb-x3IdZz-LpdJi6CpcN0LNXIL2_gSNDYJQJHmX4zw', '2026-11-29 07:01:07.556034+00');
INSERT INTO public.server_secrets VALUES ('dpop_nonce_key', 'v1.OSn03Uv77omTQKgw.imv2Om79iFxze1nHo-fMZ4PlwBge5_n2Ly2XENhA_aZx17KEu6OiwEATQraUS3t3unedGA660Y0rF_w', '2026-11-29 07:01:07.650715+00');
INSERT INTO public.server_secrets VALUES ('otp_backup_code_key', 'v1.4NksXpz2ZrfNuiak.krc1Tq5RF3yQaXJVqHQzD0gCX-bUqXcbupP5NrUC-PCSoemlIe06CkUKzDs8pOYSU0TBaQsb9FrPGvQ', '2026-11-29 07:01:07.67533+00');


--
-- Data for Name: sessions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.sessions VALUES ('NJY6p6TXFKFjBXZYBhMV63szXiiSTy9ZUdXuIUfHUQ8', 'pnEnUEHIhD6RIeYSK96l9A', NULL, '2026-11-29 07:01:09.568+00', '["pwd", "otp", "mfa"]', 'urn:tessera:loa:2', false, '2026-11-29 07:01:09.568+00', '2026-11-29 07:01:09.539753+00', '2026-11-29 07:31:09.568+00', '2026-11-29 19:01:09.568+00', NULL, 'node', '127.0.0.1', 'admin', 'a01b34fd-b8eb-459e-8bb8-26a92d8fe682', '2026-11-29 07:06:09.568+00');
INSERT INTO public.sessions VALUES ('OWUTeEtdwSh2OPqPetSVn_j_YZvpqVSrUgqE9kQ79Sk', '9Nlafx9WHSuIwl1KmE0qJQ', NULL, '2026-11-29 07:01:09.302+00', '["pwd"]', 'urn:tessera:loa:1', true, '2026-11-29 07:01:09.303+00', '2026-11-29 07:01:09.303956+00', '2026-11-29 07:31:09.303+00', '2026-11-29 19:01:09.303+00', '2026-11-29 07:01:09.569+00', 'node', '127.0.0.1', 'admin', 'a01b34fd-b8eb-459e-8bb8-26a92d8fe682', NULL);
INSERT INTO public.sessions VALUES ('pqTHoP_Nbm8VUn5PniP_HTrX5zckjYTyfCHyb67K3D8', 'VCHdFxoNPftYm46Tt3B4Jw', '508479bb-8d04-41f8-b641-d51839366114', '2026-11-29 07:01:10.384+00', '["pwd"]', 'urn:tessera:loa:1', false, '2026-11-29 07:01:10.384+00', '2026-11-29 07:01:10.385435+00', '2026-11-29 19:01:10.384+00', '2026-12-13 07:01:10.384+00', NULL, 'node', '127.0.0.1', 'user', NULL, NULL);


--
-- Data for Name: settings; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.settings VALUES ('product.name', '"Acme ID"', '2026-11-29 07:01:09.058816+00');
INSERT INTO public.settings VALUES ('accounts.self_registration', 'true', '2026-11-29 07:01:09.620704+00');
INSERT INTO public.settings VALUES ('accounts.require_email_verification', 'false', '2026-11-29 07:01:09.735619+00');


--
-- Data for Name: signing_keys; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.signing_keys VALUES ('3juSp2KZ7hYxyAhEW9ZCfkjk3vpsk80ZU3xbAYLJmHg', 'RS256', 'current', '{"e": "AQAB", "n": "l-nzEg6wKdlUkNNlr7fHzgG_6a4aJeR7X7QjU92iIY0Dqu3kWFjL6LCbyz9JNfatfYNm0h6-fqf0pnkUg9mNKWBLlMtOnCOmAD_W9qFddKR0OTZ4H4kNoY9mhfUNd3C2wyve9JvZSPMeYQd2cMi1jPzHsLQ4PO3f-uYlQ3YptYEBBqGxNtM-60zLfNgsT7HCn68A9E82sUk8d_AsOBPT0Fm0c0LdmY9ocEv2xr1dBWfidfoV9tKfXeKKWfMw0Zl4NLR_9-Dq5LGQr4oRzP7dH5cHPO3QO8LZiN2dvp34GTktnU2eAwbRYyAd7nTHePnuiUuf46C88lWXJcDtyOATTw", "alg": "RS256", "kid": "3juSp2KZ7hYxyAhEW9ZCfkjk3vpsk80ZU3xbAYLJmHg", "kty": "RSA", "use": "sig"}', 'v1.HF46A49nuZVHtGet.nkdiyjFEsSTY-y2CglSKNVD2qbUQ_lz7J2wpyjGTMggvsCceYzw8FPGau0F8TCmEMWDBTpNKQL5UlesNLyWxKjPvCgmJqPb7TGy9glj6VaXAfbZJ6sBIGbMaJERYSnn1NmAwcq8xmp60CkQLxpj_sDuO6GyBygAJWelWtuyhDGUSx-iawgDgKeK2Nl1Rdntjjh6FiilnAiDHRlFQYpZ210Fg49mUMB8p_AROiMo45YuCZbh0JQ7b0qtrAnYPN9urGOHIHJ2oAiYToSDCKNYuRVFljV32MGkkn0B1_1GLER1N6FpfLBzQZ4S8UW-W8WCzCEdoQd9NtouTCBvLTNoKRaR28Z1MjvIsDtREsxF2etsyLSfnpb2UQ5lPMCAlwaO2Jvk1m1KA3KOdbHW4E0mxX6azn1_PViSvVyxHMdZhkMoeJP3jHMVAvbeL_SBU2YQWC86LoXoHlwJvBEEB6Ef4PVIWuLuPGhco8vlGD6ttZg5DTfm9s7OLOVAyYINg5GNN1j2Y9AHTBCs17iBqvWvgf2pKTi0BCeTlpYDp_kEE6EsrZtMJdyiRPIUdg4QhWnpMD1RA6CJb-C-W_qmpAsTgew5c6bdsUZYbxjL3GZa0FkP8N1wptc4YYOBLJvZ-5AXICTGX_lZRfc1vd5z5nrtmpDY8xS_MBZXBWX4SQusvpdFDOKXQyQ0ZBuJ-9zVPLlufm5KBcjnupHFWZXVTDCL3EfLpg9yquV9mLaRmkYV4-up8-fThfvraxt3PN9Jyzv2V9YAXeWoAzW2dkREYIzCYUg-Hn6CvnShF8z8wRupJnlVOYTLM9AOOwe8z9TwGbIY1a9BSVtTelsWyMFrubkCem76E9fHTCbh3Pekd1voOn_5YGTS3acyHqLiTlKcGLltRz0faNKHCxme78JaBRsBs9LQoH1tq7yHnYKqDq3CjkWOJw9XX-6bv5-IzKtS--FfCwUszJsAkEbVKpAAVZJy50_MoipdWKP8_U1nVyybmjRYmUT-GwU2Dhx6aXbVtNdewTw8lUi6wcN5L9kl1U1Vcse1Tg7Pymht4aIUXvg4M6jSXBD45Col1AF-J9jTkfQlGx3fpbKBfQ6YXB7_hHXHlEQq1YvnpKduy4T8SuK0rOtp59nr9KQuGgqJWZWsKzH76wz6GvRdAP4fSMgrdfJzN9KV6ZiQ9wqT-ryd0oQMSXL2uhLKzol5MmagwkfIKz5GX9C8osjuoU6RpiczWUKqRSvCKriTYxm4XJevzdUZF_RwLdh4YZOd7EjVotHW3HyqBpRCblzsoWL8NI5NwMDZz6le3hdn8o1DcRjzfSfL9ABBavKC5s2MoAmga_KREK7vAn8J3VXiA_u8eJxKF0px0k-DLUy1f-DnGzjkmOCau33OVKIJIw2ahAbsqz17uzYUijhuwefpqmZy_-pDoSNqX5S3cs9o4Uk6GsV7lIqJ2l0jrIHviZ0sD-e8C1T1HEa6kMqe6yGZlR0ULe-cebxXeaY050V7nlKMeJd57EMB-s2ejHCE8HnVfgJRU8ggrLmfnC4YdrCn9fzcCwlrHJNKtEua4rM0G8Mmbbdk7IOjwGLxGp-tKWJy639fQHEQKsBC1cMIJDFuIam9DkbA82lDucPcprPodOwQ__D0fEbs2LrWO8SJIbvD4fXDGtEyJUPMnXZuNZDf4NDAxZoyvL-FqZQhdWhvT_dt8ibL9f440KAgWsNZ-8sBiXSdRNdCL-XhxSHy8QZDpZPVWKsnCCVE5wvbGeux3rFbIGXA08W0gv7KPY6CgVjM6ptxx-xPtmeCTA_cFXXdfDVS1dxNpLYbFQHr8jW74EVBH0fn913QakoMO8blhcXxeKUHUywzF7f-PEPakyww-Iy2XqBxPaGlqa7oN46fTrXbTODOtIe-RB9KKK-uHIr-yKoVjkNdh4bnciOu5oTdm7BI44CJ62oQh7h7s5ppl5enl3sjnzJEa36Jm2jGoSGrJwOX59DqBoEC7Zs_DfrSgEgTZeJ2ZnotHQKWNURha6pEemrwgzgziPLpouNyksWVTFjYlZmL9CLdFHuQIhRuX1m_of7tEVDn5MltYegdwhlKnqDfhzqN6ybHz41ezgMR6z_krpcNam6HrPAP6LDz5RDrQ4BrUTW_YszdzLjmnQJplhJ2PpKNnBfd4iiMuwW6IamzZu_t5z70', '2026-11-29 07:01:06.548624+00', NULL, NULL, '2026-11-29 07:01:07.014+00', NULL, NULL);
INSERT INTO public.signing_keys VALUES ('zy7gEFGYUe-ADUfb8h0gQUROQhaQHHXW1gPZfd5MUzg', 'RS256', 'next', '{"e": "AQAB", "n": "26UrSjskgb-T_XWIsU-VAJR8lSs-fJuKi_0Rv_pO77gBLKtme6pk5bnB19mFMY-5mONSMt13T6IrEbbEsiziAWN3i_x07MEgBWx-I6X2E7ctOk3DJAidJRl7oCLPNy3BNHLKEtJYXthek6aZHTxWDkTWlOjAdCb4lByPen-jY_pCog8_UbRcK2AkSN7lCXUbaDWK_Hx5_tsC8GEjjjO8P_z6CWGolRnQGnacEvjnootrGHL95uiIlACIEjXDm7ds-_PImuFfdtLBcQ-ir9JtEVnJmL9eoYD8SIo7t9rV2zND0WlTpd6FSg-yEYo6cu85AuVlb0qAiH7raPeXIGy8sQ", "alg": "RS256", "kid": "zy7gEFGYUe-ADUfb8h0gQUROQhaQHHXW1gPZfd5MUzg", "kty": "RSA", "use": "sig"}', 'v1.gf8RxiNMVvMYu0wN.t3LUIa7CdEYcUR2ENxyMyHapmdD0GKSspZ5LXUv03_AhfpcrbJXfQsWMCFoBxCMilk820AhDnQiv7MoQxvk9MhYT9yMG50KdZrVB6RQ9q3M92CaCJUZdUFaWGvHF77TDmb5oI5PSGEQmwz31s_pPZHamWbK_hRsgfgUZ_rL3y7xPTVXcbNJhI0n-nlwnWtLMXA1mVcn15EN8v05IfuC9usVb1Z2N-Bp7z8LMulUHv7KlxZQ8fIchDBFgNezFR9sinV_jsGfA5iezK_qiBQrdlKCW0m152NQKf66MtKfVoSngoCoF9eZfviS5z7PRpbRBHAatKCbP7gseQ50GStWWgrcV_hpNBleO7Or9h2gGQhYlqEEMQlkd6NiI_9z3bPiT6JNjFrEdR6QFvNrbBHJqW2oqzK1oz5OfZi9n4OWR_I8FM2FOoWgq5-tvS2ExoC2h9YCwA4Ano8NBdiC5j9Jc1wlBg1JVGHylTH2qc039k_RofPocnAAFzt4Sjjy9h6gtzsxp-80WBfkwTWMOhF6X8ymGub9qImDGKgjPQxC87pXScThA3_rgFqRzwI9UOFLWaEuEFxuJlsb-9J7k2WqlY-jdQ9_R1flgd0Ey2N52caeL-hfsO1HGyfJ0c94OKJDHEc5aBQ5Dd7ZxP29fO1RQWnU1JZki2_hT_tq464ck0rs8KyMFOwGunMblMaEmBtn9fnZavlH4m2H00Ye6z9RjhJnkpYy5shG_gc2XMVlDYDH-ONhJN5-87_KFNHnt7vxiVOrtlxBN2US_VSYMu9kaxGvnzm463TybHdv-tDDz1ppVPPUFkDUTOEe7oSU_6JqBM86eQAdDYKZhVpsxH6-xiVmqeAntnI-megk7sPvrWLdqm8MYyUdsSGsqCV6T4tdJk5nDJsiSQNiJi2ARIqfHtCPzmOjwI4-yEEUmqxVJaiimI7BnDfogLvv38Va9Sz-BmrMMu1mbgHufgso8lL9_qJoJYtYcy4IlNDU_BCvEyswi6TQ6oQLvA7uZhH3tFEKW5vIYxNWOWaUs47YAiMHgj96bWEUz3ZWYf8Cmnwaq8uTtT-c19q0gljPDqzGzeriAbu1dyzoJPsEZU46vkMnElM8NgZw_PNpOiVUnQPbqvG5y5RD9MXhMT8685ay_IkVGicig-g6SxZCIq55lcjW4_R40mRRHjck3WVvGfHRqaU4st3zMGbv1TbOctBG9JUPo7UVL5FSAEtyD1k525VTELNBM2GsdoMox8fexM-cqlWDt5DG59Lt50FBDy8NetiJIQvLbNN4V2g51Or9gnscMwXMPI8GZLR7ORG2w_Rosfvw3OSY6C0FoAq80wIu5qg9gk1UzJGS0fNQgq_xJxA8Bj1hYV2-FvhEhqBUI6DrC2q3U2jdj8VMFY50VbJaFWSvJqFvlWTtcCSyToKP3p0B2YURgrcMgmhYBU5U_YKzrMJL3DTq38_oJS6_LYPoAyQamlCGAal1qfMjacgssBh4gDpi8sZQHHkBgwRcWg4WS32HylIR6MStRz2YgX7dU4kVwbLr4fNpd8d3YaD7mrfSJlPmwjjvueGrrq4_oVshpizqMJuL--zFySzR_R884YY2xRAayT1RqxbfMOUdgoRSv0oZgEQLt88FQWg1H76aBkoBxZNJ8REajL_mcrzfre-8LXRknhS7mUx2Xfo9PhLavhDwm9CW_4YZPrcT7tko0H5MEcTm32TnnD89t0BvGnZDMgIOwEqx0T1yW7ZfrR63O0uLwS0EvcV7V3d9QS78FGCmkvG3kO1eMRBOIabcFXrVZYKNaa37QVx-X-xFHWN5ASMFDW61aasJ45IRWU3R-6gMPYmc8RjgQ2eUeHHHS6wwq3RJ2q31XrV70N3WY4uzMN7rPmkxKeqrXh-3prB0Dda-4pQtHusmN-eriqZKQaHB5INp95uqKn_xUhun7D3bZXgndNQhlnX0aVcSilV3Bwa3cbvtpGVL1qkcgbyFTT_aTSt2WC-RnQ0lPvmkAPXONxQz_jyHVfEWyrm3UgocDgJ52mj7_8M_VRPOrtUl57oiF9I9WCF3Bo1k_shgBLGJ3lGW6R273QkqhYv-m6iHCuo6tTJHsbvMOMwvB4ftueQj8JoAAkfScGd-a5Vn_U4mlp3AA6nw0Z1vsUYEiN1uaf6M78_edXAmuQVzFvoK1Gog', '2026-11-29 07:01:06.548624+00', '2026-11-30 07:01:07.462+00', NULL, NULL, NULL, NULL);
INSERT INTO public.signing_keys VALUES ('LLvD2gI2w-o1U4INvQ5wg60RUGOsZjzbVEsLWNbNLAg', 'ES256', 'current', '{"x": "E2detV5EFEXyz45q-0VszLhxAHqBKCq9xyS86L-n4gk", "y": "sYKJ-Sxeh53fH34PMZKmGvmppGVCNWirFx0U-I6ulsQ", "alg": "ES256", "crv": "P-256", "kid": "LLvD2gI2w-o1U4INvQ5wg60RUGOsZjzbVEsLWNbNLAg", "kty": "EC", "use": "sig"}', 'v1.nBx3oD6Fiks4YEO3.yn49-QH11yDw7cMBIevS5w3gr0g3AXrmAnhB-oQkZuaSa9L3A_l1OpJEQEZPcH7h19aRl_kTwFC3mvwH7AZM9N-rnkJay8hxg03Fb_mgd5Ocs7AgjtZX6_o3IGMbQ0HnzVQ93CslAwOmHDGxD0KCIPfRkgSowHma2Dy9sMk9POYUtfDzHrbsj1K2b_oguP9VRQZjcT8YNV19WIsOrj41_h2IBaGHiXJq3ri5R0QGz5V39OA7WrPQ8lUwEQIf5t6j', '2026-11-29 07:01:06.548624+00', NULL, NULL, '2026-11-29 07:01:07.465+00', NULL, NULL);
INSERT INTO public.signing_keys VALUES ('9N4lJrYhNcttWfjb9Dztw6txMuT9oYJmWVoRWaE4Mz8', 'ES256', 'next', '{"x": "76peOyF5FCeGCffqrVJwPFxXT7tDspTvt4DgRYAGuCo", "y": "F8vCevYJo0Qj5vXRU-aQKN8p9QT-_wlBwEAdiCI2tWg", "alg": "ES256", "crv": "P-256", "kid": "9N4lJrYhNcttWfjb9Dztw6txMuT9oYJmWVoRWaE4Mz8", "kty": "EC", "use": "sig"}', 'v1.olTywP0TmoboYIVW.o9TYwIBfLSMGq_QzUQoSfGZsZqQwm4ZS5x190yHEEU2LX_qqd8eDnQSB3EI6hEQ13227gl67RsPhucpc9wQpir22ZcG8KBCLnPxC8FcE-ohCAr5XxjB3BdRAMq2sFdrMQJxkQHwmUmfVWWWfy_K-FJ31Jrq0vR2jIEXyIWV01KokQzVBVVrvinXcFfKrHPpvWdIfNdvB_rlF_KvGsuDConfCmdGnUvAs9JYVjALbfHlXj1KuvdOiXpgHXqNk5cQ5', '2026-11-29 07:01:06.548624+00', '2026-11-30 07:01:07.482+00', NULL, NULL, NULL, NULL);
INSERT INTO public.signing_keys VALUES ('TwXqNlJ_LNrOGTxIb4QI0oERC7ZzHlgyv6YIHaJeyig', 'EdDSA', 'current', '{"x": "o67xvszJOzWwWBBsFXQGVE4sDAgsDwQFEroBdzZTa4g", "alg": "EdDSA", "crv": "Ed25519", "kid": "TwXqNlJ_LNrOGTxIb4QI0oERC7ZzHlgyv6YIHaJeyig", "kty": "OKP", "use": "sig"}', 'v1.Bqq1L14PJzoBbvup.ji0kPdxAyzGWTcoFvoGAcbIBlAi20crCZEV0IufOk-wt3RQCezpAVcZ1bvJWxqz0jeO_OS2uAjr3ZZLEktcpPzRm6heEMYqtvvlXnpAY0_MPF2ZCmB26JRbA3Vv0QflGmQR6So-Y0BY_fiA9b6By257WFskJLfA2nRmVbyOdDYODMAKFwDzGUYEBMphrxGvBew', '2026-11-29 07:01:06.548624+00', NULL, NULL, '2026-11-29 07:01:07.49+00', NULL, NULL);
INSERT INTO public.signing_keys VALUES ('i98WRjbt90piQu7eyLHtvwhZ0A9psSOnTnYrPucORws', 'EdDSA', 'next', '{"x": "YCHdqoQmu8ivXfg1bMttde9b2cEbL8u3jBSchxiEzi0", "alg": "EdDSA", "crv": "Ed25519", "kid": "i98WRjbt90piQu7eyLHtvwhZ0A9psSOnTnYrPucORws", "kty": "OKP", "use": "sig"}', 'v1.qy5zGCTDxDdP8i39.kjYyRzj3FLZrP8SOBqKaItYxYmaC2fGt1cGahwTKfIJkz2SQey1b9aK5dKKE8lM-5y3rCPHNNU0cvbGSS1mGRsD6HCHwybrxjXYS7UHsvTJEDmlrwUBDe7JKB2EJO25RgOOhMmGLL_pg9rtnY4A4TJIYGUq4WOkmhyUjc_yyGDAuSLrEQbLBeuhf5HI1O4VKgg', '2026-11-29 07:01:06.548624+00', '2026-11-30 07:01:07.506+00', NULL, NULL, NULL, NULL);


--
-- Data for Name: tessera_migrations; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.tessera_migrations VALUES ('0000_foundation', '2026-11-29 07:01:05.524339+00');
INSERT INTO public.tessera_migrations VALUES ('0001_oauth_and_accounts', '2026-11-29 07:01:05.524339+00');
INSERT INTO public.tessera_migrations VALUES ('0002_opaque_accounts', '2026-11-29 07:01:05.524339+00');
INSERT INTO public.tessera_migrations VALUES ('0003_admin', '2026-11-29 07:01:05.524339+00');
INSERT INTO public.tessera_migrations VALUES ('0004_otp', '2026-11-29 07:01:05.524339+00');
INSERT INTO public.tessera_migrations VALUES ('0005_organizations', '2026-11-29 07:01:05.524339+00');
INSERT INTO public.tessera_migrations VALUES ('0006_client_icons', '2026-11-29 07:01:05.524339+00');
INSERT INTO public.tessera_migrations VALUES ('0007_housekeeping_indexes', '2026-11-29 07:01:05.524339+00');
INSERT INTO public.tessera_migrations VALUES ('0008_keybags', '2026-11-29 07:01:05.524339+00');
INSERT INTO public.tessera_migrations VALUES ('0009_scim', '2026-11-29 07:01:05.524339+00');
INSERT INTO public.tessera_migrations VALUES ('0010_passkeys', '2026-11-29 07:01:05.524339+00');
INSERT INTO public.tessera_migrations VALUES ('0011_federation', '2026-11-29 07:01:05.524339+00');
INSERT INTO public.tessera_migrations VALUES ('0012_device_approvals', '2026-11-29 07:01:05.524339+00');
INSERT INTO public.tessera_migrations VALUES ('0013_client_zk_key_scope', '2026-11-29 07:01:05.524339+00');
INSERT INTO public.tessera_migrations VALUES ('0014_scim_provisioned_only', '2026-11-29 07:01:05.524339+00');
INSERT INTO public.tessera_migrations VALUES ('0015_admin_passkeys', '2026-11-29 07:01:05.524339+00');
INSERT INTO public.tessera_migrations VALUES ('0016_federation_local_accounts', '2026-11-29 07:01:05.524339+00');
INSERT INTO public.tessera_migrations VALUES ('0017_authorization_request_binding', '2026-11-29 07:01:05.524339+00');
INSERT INTO public.tessera_migrations VALUES ('0018_webhooks', '2026-11-29 07:01:05.524339+00');
INSERT INTO public.tessera_migrations VALUES ('0019_dpop', '2026-11-29 07:01:05.524339+00');
INSERT INTO public.tessera_migrations VALUES ('0020_fapi_client_auth', '2026-11-29 07:01:05.524339+00');
INSERT INTO public.tessera_migrations VALUES ('0021_branding', '2026-11-29 07:01:05.524339+00');
INSERT INTO public.tessera_migrations VALUES ('0022_admin_tokens', '2026-11-29 07:01:05.524339+00');


--
-- Data for Name: user_encryption_keys; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: users; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.users VALUES ('508479bb-8d04-41f8-b641-d51839366114', 'ada@example.com', 'ada@example.com', false, 'Ada', 'active', '2026-11-29 07:01:10.354528+00', '2026-11-29 07:01:10.366+00', '7nkGRLc-pX3aTYtre0-Hx7BY_I_P0vHgZr89y5ecPkrJy510wuBHXhRuqhk0aqCCi5nZkx5BjiM8M49vqhhio-sULEsZk_rP1cmxw6YmLxTmN4cjbOXjmzA4JFboZFBDL3PnPt9_VUm3VO1GABL9NYH4vFx4XjS_h3mv8zDKkjAqRDkQ5BSW4gkO534xM720DkiJt9N4miE9o1wKkf7LuvT-opN0eScjn1zti-hnSzOqiThq4Is00-MWcuFpfpVk', false);


--
-- Data for Name: webhook_attempts; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: webhook_endpoints; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: webhook_events; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Name: audit_events_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.audit_events_id_seq', 14, true);


--
-- Name: webhook_attempts_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.webhook_attempts_id_seq', 1, false);


--
-- Name: webhook_events_seq_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.webhook_events_seq_seq', 1, false);


--
-- Name: admin_tokens admin_tokens_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.admin_tokens
    ADD CONSTRAINT admin_tokens_pkey PRIMARY KEY (id);


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
-- Name: brand_images brand_images_scope_kind_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.brand_images
    ADD CONSTRAINT brand_images_scope_kind_pk PRIMARY KEY (scope, kind);


--
-- Name: brands brands_organization_id_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.brands
    ADD CONSTRAINT brands_organization_id_unique UNIQUE (organization_id);


--
-- Name: brands brands_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.brands
    ADD CONSTRAINT brands_pkey PRIMARY KEY (scope);


--
-- Name: client_assertion_jtis client_assertion_jtis_client_id_jti_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.client_assertion_jtis
    ADD CONSTRAINT client_assertion_jtis_client_id_jti_pk PRIMARY KEY (client_id, jti);


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
-- Name: dpop_proofs dpop_proofs_jkt_jti_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.dpop_proofs
    ADD CONSTRAINT dpop_proofs_jkt_jti_pk PRIMARY KEY (jkt, jti);


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
-- Name: pushed_authorization_requests pushed_authorization_requests_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pushed_authorization_requests
    ADD CONSTRAINT pushed_authorization_requests_pkey PRIMARY KEY (id_hash);


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
-- Name: webhook_attempts webhook_attempts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.webhook_attempts
    ADD CONSTRAINT webhook_attempts_pkey PRIMARY KEY (id);


--
-- Name: webhook_endpoints webhook_endpoints_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.webhook_endpoints
    ADD CONSTRAINT webhook_endpoints_pkey PRIMARY KEY (id);


--
-- Name: webhook_events webhook_events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.webhook_events
    ADD CONSTRAINT webhook_events_pkey PRIMARY KEY (id);


--
-- Name: admin_tokens_created_by_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX admin_tokens_created_by_idx ON public.admin_tokens USING btree (created_by);


--
-- Name: admin_tokens_hash_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX admin_tokens_hash_idx ON public.admin_tokens USING btree (token_hash);


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
-- Name: client_assertion_jtis_expires_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX client_assertion_jtis_expires_idx ON public.client_assertion_jtis USING btree (expires_at);


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
-- Name: dpop_proofs_expires_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX dpop_proofs_expires_idx ON public.dpop_proofs USING btree (expires_at);


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
-- Name: pushed_authorization_requests_expires_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX pushed_authorization_requests_expires_idx ON public.pushed_authorization_requests USING btree (expires_at);


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
-- Name: webhook_attempts_event; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX webhook_attempts_event ON public.webhook_attempts USING btree (event_id, id);


--
-- Name: webhook_events_due; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX webhook_events_due ON public.webhook_events USING btree (next_attempt_at) WHERE (status = 'pending'::text);


--
-- Name: webhook_events_endpoint; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX webhook_events_endpoint ON public.webhook_events USING btree (endpoint_id, seq);


--
-- Name: webhook_events_ordering; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX webhook_events_ordering ON public.webhook_events USING btree (endpoint_id, ordering_key, seq);


--
-- Name: admin_tokens admin_tokens_created_by_admin_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.admin_tokens
    ADD CONSTRAINT admin_tokens_created_by_admin_users_id_fk FOREIGN KEY (created_by) REFERENCES public.admin_users(id) ON DELETE CASCADE;


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
-- Name: brand_images brand_images_scope_brands_scope_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.brand_images
    ADD CONSTRAINT brand_images_scope_brands_scope_fk FOREIGN KEY (scope) REFERENCES public.brands(scope) ON DELETE CASCADE;


--
-- Name: brands brands_organization_id_organizations_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.brands
    ADD CONSTRAINT brands_organization_id_organizations_id_fk FOREIGN KEY (organization_id) REFERENCES public.organizations(id) ON DELETE CASCADE;


--
-- Name: client_assertion_jtis client_assertion_jtis_client_id_clients_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.client_assertion_jtis
    ADD CONSTRAINT client_assertion_jtis_client_id_clients_id_fk FOREIGN KEY (client_id) REFERENCES public.clients(id) ON DELETE CASCADE;


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
-- Name: pushed_authorization_requests pushed_authorization_requests_client_id_clients_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pushed_authorization_requests
    ADD CONSTRAINT pushed_authorization_requests_client_id_clients_id_fk FOREIGN KEY (client_id) REFERENCES public.clients(id) ON DELETE CASCADE;


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
-- Name: webhook_attempts webhook_attempts_event_id_webhook_events_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.webhook_attempts
    ADD CONSTRAINT webhook_attempts_event_id_webhook_events_id_fk FOREIGN KEY (event_id) REFERENCES public.webhook_events(id) ON DELETE CASCADE;


--
-- Name: webhook_events webhook_events_endpoint_id_webhook_endpoints_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.webhook_events
    ADD CONSTRAINT webhook_events_endpoint_id_webhook_endpoints_id_fk FOREIGN KEY (endpoint_id) REFERENCES public.webhook_endpoints(id) ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--


