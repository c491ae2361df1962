import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { appError, errorResponses } from '../app/errors.js';
import { auditedAdminChange } from '../app/ports/admin-audit.js';
import { type SettingKey, SettingValidationError } from '../config/settings.js';
import { becomesCurrentAfter, SIGNING_ALGORITHMS, type SigningAlgorithm } from '../crypto/signing-keys.js';
import { adminError } from './errors.js';

/** The part of JSON Schema a setting's type uses; the portal renders each setting's control from it. */
const SettingSchema = Type.Object(
  {
    type: Type.Optional(Type.String()),
    anyOf: Type.Optional(
      Type.Array(Type.Object({ type: Type.String(), const: Type.Unknown() }), {
        description: 'A choice among these constants',
      }),
    ),
    minimum: Type.Optional(Type.Number()),
    maximum: Type.Optional(Type.Number()),
    minLength: Type.Optional(Type.Integer()),
    maxLength: Type.Optional(Type.Integer()),
  },
  { additionalProperties: true, description: 'JSON Schema of the value' },
);

const SettingView = Type.Object({
  key: Type.String(),
  value: Type.Unknown({ description: 'null for secure settings (never returned)' }),
  default: Type.Unknown(),
  description: Type.String(),
  secure: Type.Boolean(),
  configured: Type.Boolean({ description: 'For secure settings: whether a value is set' }),
  schema: SettingSchema,
  group: Type.String({
    description: 'Title of the group that owns it (its module), e.g. "Second factor (TOTP)"',
  }),
});

const KeyView = Type.Object({
  kid: Type.String(),
  alg: Type.String(),
  state: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  activated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  promotion_requested_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  becomes_current_after: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  retired_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  removed_after: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The settings API and signing keys: shared infrastructure (config/, crypto/) that no slice owns. */
export function registerAdminSystemRoutes(app: App, context: AppContext): void {
  const settingsView = () =>
    context.settings.list().map((entry) => ({
      ...entry,
      configured: entry.secure ? context.settings.get(entry.key) !== '' : true,
    }));

  app.get(
    '/admin/settings',
    {
      config: { access: 'session' },
      schema: {
        tags: ['admin-settings'],
        summary: 'Every setting with its value, default and description (secure values never returned)',
        response: { 200: Type.Object({ settings: Type.Array(SettingView) }), ...errorResponses() },
      },
    },
    async (_request) => {
      return { settings: settingsView() };
    },
  );

  app.put(
    '/admin/settings/:key',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: ['admin-settings'],
        summary: 'Changes one setting (validated against its type)',
        params: Type.Object({ key: Type.String({ maxLength: 100 }) }),
        body: Type.Object({ value: Type.Unknown() }, { additionalProperties: false }),
        response: { 200: SettingView, ...errorResponses('not_found', 'invalid_setting') },
      },
    },
    async (request) => {
      const key = request.params.key;
      // Hidden settings (email templates) have their own endpoints and checks.
      if (!context.settings.isKey(key) || context.settings.isHidden(key) || key === 'system.public_base_url')
        throw appError('not_found', `no setting '${key}'`);
      const secure = settingsView().find((entry) => entry.key === key)?.secure === true;
      await auditedAdminChange(
        context,
        request,
        () =>
          context.settings.set(key as SettingKey, request.body.value as never).catch((error) => {
            if (error instanceof SettingValidationError) throw adminError('invalid_setting', error.message);
            throw error;
          }),
        {
          action: 'setting.changed',
          target: { type: 'setting', id: key },
          // The value itself goes to the log only when the setting is not secure.
          details: { key, value: secure ? '[redacted]' : request.body.value },
        },
      );
      // After the commit: the settings cache takes the new value only then.
      return settingsView().find((entry) => entry.key === key)!;
    },
  );

  const keysView = async () =>
    (await context.signingKeys.list()).map((key) => ({
      kid: key.kid,
      alg: key.alg,
      state: key.state,
      created_at: key.createdAt.toISOString(),
      activated_at: iso(key.activatedAt),
      promotion_requested_at: iso(key.promotionRequestedAt),
      becomes_current_after: iso(becomesCurrentAfter(key)),
      retired_at: iso(key.retiredAt),
      removed_after: iso(key.removeAfter),
    }));

  app.get(
    '/admin/keys',
    {
      config: { access: 'session' },
      schema: {
        tags: ['admin-keys'],
        summary: 'Signing keys with their state and when each changes state',
        response: { 200: Type.Object({ keys: Type.Array(KeyView) }), ...errorResponses() },
      },
    },
    async (_request) => {
      return { keys: await keysView() };
    },
  );

  app.post(
    '/admin/keys/rotate',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: ['admin-keys'],
        summary: 'Starts a signing-key rotation (all algorithms, or the ones listed)',
        body: Type.Object(
          {
            algorithms: Type.Optional(
              Type.Array(Type.Union([Type.Literal('RS256'), Type.Literal('ES256'), Type.Literal('EdDSA')]), {
                uniqueItems: true,
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ keys: Type.Array(KeyView) }), ...errorResponses() },
      },
    },
    async (request) => {
      const algorithms = (request.body.algorithms ?? [...SIGNING_ALGORITHMS]) as SigningAlgorithm[];
      // The new keys are loaded for signing only once the rotation and its entry have committed.
      await auditedAdminChange(context, request, () => context.signingKeys.rotate(algorithms), {
        action: 'signing_keys.rotated',
        details: { algorithms },
      });
      return { keys: await keysView() };
    },
  );
}
