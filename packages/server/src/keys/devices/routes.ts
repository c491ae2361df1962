import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app/app-context.js';
import type { App } from '../../app/app-types.js';
import { errorResponses } from '../../app/errors.js';
import { noContent, noContentResponse } from '../../app/ports/no-content.js';
import { keyRouteHelpers, TAG } from '../route-helpers.js';
import {
  ApprovalIdParams,
  ApproveDeviceInput,
  DeviceApprovalCreatedView,
  DeviceApprovalRequestInput,
  DeviceIdParams,
  PendingDeviceApprovalView,
  PickupInput,
  PickupView,
  pendingApprovalView,
  TrustedDeviceView,
  trustedDeviceView,
} from './model.js';

/** Request body limit of every device route (docs/zk.md §7.1): a JWK, a label, a ciphertext. Over it: 413. */
const DEVICE_BODY_LIMIT = 4 * 1024;

/**
 * Trusted devices and approving a new device (docs/zk.md §3.5, §3.6) on the public port. Every route needs the
 * signed-in user's session; writes need its CSRF token and our Origin. Revocation needs a fresh second factor when
 * TOTP is enrolled, as deleting any envelope does.
 */
export function registerDeviceRoutes(app: App, context: AppContext): void {
  const devices = context.keys.devices;
  const { access, userOf, audited } = keyRouteHelpers(context);

  // Per-user bounds, counted before the body is validated so malformed attempts count too (keys/settings.ts).
  const limited =
    (name: 'device-approval-requests-user' | 'device-approvals-user' | 'device-pickups-user') =>
    async (request: FastifyRequest) => {
      await context.rateLimits.consume(name, userOf(request));
    };

  app.post(
    '/crypto/device-approvals',
    {
      config: { access: 'session+csrf' },
      preValidation: limited('device-approval-requests-user'),
      bodyLimit: DEVICE_BODY_LIMIT,
      schema: {
        tags: [TAG],
        summary:
          'A device that cannot unlock asks an unlocked device of the same user for the account key (its ephemeral P-256 public key); answers the pickup token once',
        body: DeviceApprovalRequestInput,
        response: {
          201: DeviceApprovalCreatedView,
          ...errorResponses(
            'device_approval_not_allowed',
            'invalid_jwk',
            'keybag_not_found',
            'too_many_device_approvals',
            'rate_limited',
          ),
        },
      },
    },
    async (request, reply) => {
      const created = await audited(
        request,
        () => devices.request(userOf(request), request.body),
        'keys.device_approval_requested',
        (result) => ({ approval: result.request.id, label: result.request.label }),
      );
      return reply.code(201).send({
        id: created.request.id,
        pickup_token: created.pickupToken,
        expires_at: created.request.expiresAt.toISOString(),
      });
    },
  );

  app.get(
    '/crypto/device-approvals',
    {
      config: { access: 'session' },
      schema: {
        tags: [TAG],
        summary:
          "The caller's device approval requests still waiting (public keys only), to compare and approve",
        response: {
          200: Type.Object({ approvals: Type.Array(PendingDeviceApprovalView) }),
          ...errorResponses('device_approval_not_allowed'),
        },
      },
    },
    async (request) => ({ approvals: (await devices.pending(userOf(request))).map(pendingApprovalView) }),
  );

  app.post(
    '/crypto/device-approvals/:approvalId/approve',
    {
      config: { access: 'session+csrf' },
      preValidation: limited('device-approvals-user'),
      bodyLimit: DEVICE_BODY_LIMIT,
      schema: {
        tags: [TAG],
        summary:
          'Approves a waiting device: the account root key wrapped to its public key (ECDH-ES + HKDF + AES-GCM, made in the approving browser); once per request',
        params: ApprovalIdParams,
        body: ApproveDeviceInput,
        response: {
          204: noContentResponse('Done'),
          ...errorResponses(
            'device_approval_not_allowed',
            'invalid_jwk',
            'account_key_mismatch',
            'device_approval_not_found',
            'device_approval_already_approved',
            'rate_limited',
          ),
        },
      },
    },
    async (request, reply) => {
      await audited(
        request,
        () => devices.approve(userOf(request), request.params.approvalId, request.body),
        'keys.device_approved',
        (result) => ({ approval: result.id, label: result.label, key_id: request.body.key_id }),
      );
      return noContent(reply);
    },
  );

  app.post(
    '/crypto/device-approvals/pickup',
    {
      config: { access: 'session+csrf' },
      preValidation: limited('device-pickups-user'),
      bodyLimit: DEVICE_BODY_LIMIT,
      schema: {
        tags: [TAG],
        summary:
          'The asking device polls with its pickup token: pending, or once the approved wrapped account key (the request is used up by that answer)',
        body: PickupInput,
        response: {
          200: PickupView,
          ...errorResponses('device_approval_not_allowed', 'device_approval_not_found', 'rate_limited'),
        },
      },
    },
    async (request) => {
      const result = await devices.pickup(userOf(request), request.body.pickup_token);
      const expires_at = result.request.expiresAt.toISOString();
      const approval = result.request.approval;
      if (result.status === 'pending' || approval === null) return { status: 'pending' as const, expires_at };
      return {
        status: 'approved' as const,
        expires_at,
        epk: approval.epk,
        key_id: approval.keyId,
        ciphertext: approval.ciphertext,
      };
    },
  );

  app.get(
    '/crypto/devices',
    {
      config: { access: 'session' },
      schema: {
        tags: [TAG],
        summary: "The caller's trusted devices (their trusted_device envelopes, without ciphertext)",
        response: { 200: Type.Object({ devices: Type.Array(TrustedDeviceView) }), ...errorResponses() },
      },
    },
    async (request) => ({ devices: (await devices.devices(userOf(request))).map(trustedDeviceView) }),
  );

  app.post(
    '/crypto/devices/:deviceId/used',
    {
      config: { access: 'session+csrf' },
      schema: {
        tags: [TAG],
        summary: 'Records that this trusted device just unlocked the keybag (its last-used time)',
        params: DeviceIdParams,
        response: { 204: noContentResponse('Done'), ...errorResponses('device_not_found') },
      },
    },
    async (request, reply) => {
      await devices.markUsed(userOf(request), request.params.deviceId);
      return noContent(reply);
    },
  );

  app.delete(
    '/crypto/devices/:deviceId',
    {
      config: { access: 'session+csrf' },
      schema: {
        tags: [TAG],
        summary:
          'Revokes a trusted device: deletes its envelope, so it can no longer unlock (never the last envelope that can; fresh second factor when TOTP is enrolled)',
        params: DeviceIdParams,
        response: {
          204: noContentResponse('Done'),
          ...errorResponses('step_up_required', 'device_not_found', 'not_found', 'last_unlock_envelope'),
        },
      },
    },
    async (request, reply) => {
      await access.requireRecentSecondFactor(request);
      await audited(
        request,
        () => devices.revoke(userOf(request), request.params.deviceId),
        'keys.device_revoked',
        (removed) => ({ device: removed.deviceId, envelope: removed.id, label: removed.label }),
      );
      return noContent(reply);
    },
  );
}
