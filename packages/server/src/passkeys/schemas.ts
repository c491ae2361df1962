import { Type } from 'typebox';
import type { PasskeyView } from './service.js';

const Base64url = (maxLength: number) =>
  Type.String({ minLength: 1, maxLength, pattern: '^[A-Za-z0-9_-]+$' });
/** WebAuthn credential ids are at most 1023 bytes (WebAuthn Level 3 §6.1). */
const CredentialId = Base64url(1364);
const Extensions = Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), {
  description: 'Client extension results (prf: enabled at creation)',
});

/** `PublicKeyCredential.toJSON()` of `navigator.credentials.create()` (WebAuthn Level 3 §5.1, RegistrationResponseJSON). */
export const RegistrationResponse = Type.Object({
  id: CredentialId,
  rawId: CredentialId,
  type: Type.Literal('public-key'),
  authenticatorAttachment: Type.Optional(Type.String({ maxLength: 40 })),
  clientExtensionResults: Extensions,
  response: Type.Object({
    clientDataJSON: Base64url(4096),
    attestationObject: Base64url(32_768),
    authenticatorData: Type.Optional(Base64url(16_384)),
    transports: Type.Optional(Type.Array(Type.String({ maxLength: 40 }), { maxItems: 10 })),
    publicKeyAlgorithm: Type.Optional(Type.Integer()),
    publicKey: Type.Optional(Base64url(4096)),
  }),
});

/** `PublicKeyCredential.toJSON()` of `navigator.credentials.get()` (AuthenticationResponseJSON). */
export const AuthenticationResponse = Type.Object({
  id: CredentialId,
  rawId: CredentialId,
  type: Type.Literal('public-key'),
  authenticatorAttachment: Type.Optional(Type.String({ maxLength: 40 })),
  clientExtensionResults: Extensions,
  response: Type.Object({
    clientDataJSON: Base64url(4096),
    authenticatorData: Base64url(16_384),
    signature: Base64url(1024),
    userHandle: Type.Optional(Type.String({ maxLength: 200, pattern: '^[A-Za-z0-9_-]*$' })),
  }),
});

/** The options objects go to `navigator.credentials.create/get` (via @simplewebauthn/browser) as they are. */
export const CeremonyOptions = Type.Object(
  {},
  {
    additionalProperties: true,
    description: 'PublicKeyCredentialCreationOptionsJSON or ...RequestOptionsJSON',
  },
);

export const PasskeyName = Type.String({ minLength: 1, maxLength: 80 });

export const PasskeyViewSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  credential_id: Type.String(),
  prf_salt: Type.String({ description: 'The PRF evaluation input of this passkey (public)' }),
  prf_capable: Type.Boolean({
    description: 'The browser reported PRF support: this passkey can unlock keys',
  }),
  transports: Type.Array(Type.String()),
  aaguid: Type.String(),
  device_type: Type.String({ description: 'singleDevice or multiDevice (synced)' }),
  backed_up: Type.Boolean(),
  clone_suspected: Type.Boolean({ description: 'An assertion came with a signature counter that went back' }),
  created_at: Type.String({ format: 'date-time' }),
  last_used_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

export function passkeyJson(view: PasskeyView) {
  return {
    id: view.id,
    name: view.name,
    credential_id: view.credentialId,
    prf_salt: view.prfSalt,
    prf_capable: view.prfCapable,
    transports: view.transports,
    aaguid: view.aaguid,
    device_type: view.deviceType,
    backed_up: view.backedUp,
    clone_suspected: view.cloneSuspected,
    created_at: view.createdAt.toISOString(),
    last_used_at: view.lastUsedAt?.toISOString() ?? null,
  };
}

export const PasskeyParams = Type.Object({ passkeyId: Type.String({ maxLength: 100 }) });
