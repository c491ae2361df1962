import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { errorResponses } from '../app/errors.js';
import { auditedAdminChange } from '../app/ports/admin-audit.js';
import type { OrganizationUnlockPolicy } from '../orgs/model.js';
import { keysError } from './errors.js';
import { ENVELOPE_TYPES } from './formats.js';
import { EnvelopeType } from './model.js';
import { looserThanGlobal, type UnlockPolicy, withOverride } from './unlock-policy.js';

const Params = Type.Object({ organizationId: Type.String({ minLength: 1, maxLength: 100 }) });

const NullableBoolean = (description: string) =>
  Type.Union([Type.Boolean(), Type.Null()], { description: `${description}; null: as the global setting` });

const overrideMembers = {
  allowed_envelope_types: Type.Union(
    [Type.Array(EnvelopeType, { minItems: 1, maxItems: 4, uniqueItems: true }), Type.Null()],
    {
      description:
        'The envelope types members may unlock with (a subset of the globally allowed ones); null: as the global setting',
    },
  ),
  zk_requires_unlocked_keybag: NullableBoolean('true: ZK apps need an unlocked keybag'),
  trusted_device_approval: NullableBoolean('false: no trusted-device approval'),
  new_key_setup_allowed: NullableBoolean('false: no new-key setup'),
};

const OverrideView = Type.Object(overrideMembers, { title: 'OrganizationUnlockPolicyOverride' });
const OverrideInput = Type.Object(
  Object.fromEntries(
    Object.entries(overrideMembers).map(([name, schema]) => [name, Type.Optional(schema)]),
  ) as { [K in keyof typeof overrideMembers]: ReturnType<typeof Type.Optional<(typeof overrideMembers)[K]>> },
  { additionalProperties: false },
);

const PolicyView = Type.Object(
  {
    allowed_envelope_types: Type.Array(EnvelopeType),
    zk_requires_unlocked_keybag: Type.Boolean(),
    trusted_device_approval: Type.Boolean(),
    new_key_setup_allowed: Type.Boolean(),
  },
  { title: 'UnlockPolicyRules' },
);

const OrganizationUnlockPolicyView = Type.Object(
  {
    override: OverrideView,
    global: PolicyView,
    effective: Type.Object(PolicyView.properties, {
      description: 'What authorizations made for this organization follow: the global policy, made stricter',
    }),
  },
  { title: 'OrganizationUnlockPolicy' },
);

const policyView = (policy: UnlockPolicy) => ({
  allowed_envelope_types: policy.allowedEnvelopeTypes,
  zk_requires_unlocked_keybag: policy.zkRequiresUnlockedKeybag,
  trusted_device_approval: policy.trustedDeviceApproval,
  new_key_setup_allowed: policy.newKeySetupAllowed,
});

/**
 * An organization's override of the unlock policy (docs/zk.md §8.1), under the organization's admin routes. It is
 * stored with the organization (orgs/); the rules — stricter only, how it combines — are this slice's.
 */
export function registerOrganizationUnlockPolicyRoutes(app: App, context: AppContext): void {
  const view = (override: Required<OrganizationUnlockPolicy>) => {
    const global = context.keys.keybags.policy();
    const types = override.allowed_envelope_types;
    return {
      override: {
        ...override,
        allowed_envelope_types: types ? ENVELOPE_TYPES.filter((type) => types.includes(type)) : null,
      },
      global: policyView(global),
      effective: policyView(withOverride(global, override)),
    };
  };

  app.get(
    '/admin/organizations/:organizationId/unlock-policy',
    {
      config: { access: 'session' },
      schema: {
        tags: ['admin-organizations'],
        summary: "An organization's unlock policy: its override, the global policy and the effective result",
        params: Params,
        response: { 200: OrganizationUnlockPolicyView, ...errorResponses('not_found') },
      },
    },
    async (request) =>
      view((await context.orgs.organizations.require(request.params.organizationId)).unlockPolicy),
  );

  app.put(
    '/admin/organizations/:organizationId/unlock-policy',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: ['admin-organizations'],
        summary:
          "Replaces an organization's unlock-policy override (absent or null members follow the global setting); it may only be stricter than the global policy",
        params: Params,
        body: OverrideInput,
        response: {
          200: OrganizationUnlockPolicyView,
          ...errorResponses('not_found', 'policy_not_stricter'),
        },
      },
    },
    async (request) => {
      const { organizationId } = request.params;
      const override: Required<OrganizationUnlockPolicy> = {
        allowed_envelope_types: request.body.allowed_envelope_types ?? null,
        zk_requires_unlocked_keybag: request.body.zk_requires_unlocked_keybag ?? null,
        trusted_device_approval: request.body.trusted_device_approval ?? null,
        new_key_setup_allowed: request.body.new_key_setup_allowed ?? null,
      };
      const looser = looserThanGlobal(context.keys.keybags.policy(), override);
      if (looser !== null) {
        throw keysError('policy_not_stricter', `an organization's policy may only be stricter: ${looser}`);
      }
      const organization = await auditedAdminChange(
        context,
        request,
        async () => {
          const before = (await context.orgs.organizations.require(organizationId)).unlockPolicy;
          return {
            before,
            after: await context.orgs.organizations.setUnlockPolicy(organizationId, override),
          };
        },
        ({ before }) => ({
          action: 'organization.unlock_policy_changed',
          target: { type: 'organization', id: organizationId },
          details: { before, after: override },
        }),
      );
      return view(organization.after.unlockPolicy);
    },
  );
}
