/**
 * The hosted UI's calls for trusted devices and device approval (docs/zk.md §3.5, §3.6), typed from the server's
 * schemas (generated). They carry public keys, ids and ciphertext only.
 */
import { api } from '../../shared/api';
import type { PublicApiBody, PublicApiResponse } from '../../shared/api-types/public-api';
import { csrfHeaders } from '../session';

export type TrustedDevice = PublicApiResponse<'GET /crypto/devices'>['devices'][number];
export type PendingApproval = PublicApiResponse<'GET /crypto/device-approvals'>['approvals'][number];
export type Pickup = PublicApiResponse<'POST /crypto/device-approvals/pickup'>;

export async function fetchDevices(): Promise<TrustedDevice[]> {
  return (await api.get<PublicApiResponse<'GET /crypto/devices'>>('/crypto/devices')).devices;
}

export function revokeDevice(deviceId: string, csrfToken: string): Promise<void> {
  return api.delete(`/crypto/devices/${encodeURIComponent(deviceId)}`, { headers: csrfHeaders(csrfToken) });
}

export function markDeviceUsed(deviceId: string, csrfToken: string): Promise<void> {
  return api.post(`/crypto/devices/${encodeURIComponent(deviceId)}/used`, undefined, {
    headers: csrfHeaders(csrfToken),
  });
}

export function requestApproval(
  body: PublicApiBody<'POST /crypto/device-approvals'>,
  csrfToken: string,
): Promise<PublicApiResponse<'POST /crypto/device-approvals'>> {
  return api.post('/crypto/device-approvals', body, { headers: csrfHeaders(csrfToken) });
}

export async function fetchPendingApprovals(): Promise<PendingApproval[]> {
  return (await api.get<PublicApiResponse<'GET /crypto/device-approvals'>>('/crypto/device-approvals'))
    .approvals;
}

export function approveDevice(
  approvalId: string,
  body: PublicApiBody<'POST /crypto/device-approvals/{approvalId}/approve'>,
  csrfToken: string,
): Promise<void> {
  return api.post(`/crypto/device-approvals/${encodeURIComponent(approvalId)}/approve`, body, {
    headers: csrfHeaders(csrfToken),
  });
}

export function pickUpApproval(pickupToken: string, csrfToken: string): Promise<Pickup> {
  return api.post(
    '/crypto/device-approvals/pickup',
    { pickup_token: pickupToken },
    { headers: csrfHeaders(csrfToken) },
  );
}
