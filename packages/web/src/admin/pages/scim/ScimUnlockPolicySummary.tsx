import { useId } from 'react';
import type { AdminApiResponse } from '../../../shared/api-types/admin-api';
import { Link } from '../../../shared/router';
import { describeError } from '../../error-text';
import { useAdminApi } from '../../session';
import { useLoad } from '../../use-load';

type UnlockPolicyView = AdminApiResponse<'GET /admin/organizations/{organizationId}/unlock-policy'>;

const ENVELOPE_LABELS: Record<string, string> = {
  password: 'password',
  recovery_key: 'recovery key',
  passkey_prf: 'passkey',
  trusted_device: 'trusted device',
};

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/**
 * The SCIM settings about keys (docs/scim.md#key-unlock-settings) — required key unlock for ZK apps, allowed
 * envelope types, trusted-device approval — are the unlock policy of the connection's organization
 * (docs/scim.md): shown here as it applies, edited on the organization's page.
 */
export function ScimUnlockPolicySummary({ organizationId }: { organizationId: string }) {
  const headingId = useId();
  const api = useAdminApi();
  const path = `/admin/organizations/${encodeURIComponent(organizationId)}/unlock-policy`;
  const policy = useLoad(path, (signal) => api.get<UnlockPolicyView>(path, signal));
  const effective = policy.data?.effective;
  return (
    <section className="section" aria-labelledby={headingId}>
      <h2 id={headingId}>Key unlock for zero-knowledge apps</h2>
      <p>
        The organization’s unlock policy applies to the users this connection provisions.{' '}
        <Link to={`/organizations/${encodeURIComponent(organizationId)}#unlock-policy`}>
          Edit it on the organization’s page
        </Link>
        .
      </p>
      {effective ? (
        <dl className="summary-list" data-testid="scim-unlock-policy">
          <div>
            <dt>Ways to unlock</dt>
            <dd>
              {effective.allowed_envelope_types.map((type) => ENVELOPE_LABELS[type] ?? type).join(', ')}
            </dd>
          </div>
          <div>
            <dt>Zero-knowledge apps need an unlocked key</dt>
            <dd>{yesNo(effective.zk_requires_unlocked_keybag)}</dd>
          </div>
          <div>
            <dt>Trusted-device approval</dt>
            <dd>{yesNo(effective.trusted_device_approval)}</dd>
          </div>
          <div>
            <dt>New-key setup</dt>
            <dd>{yesNo(effective.new_key_setup_allowed)}</dd>
          </div>
        </dl>
      ) : policy.error ? (
        <p>{describeError(policy.error)}</p>
      ) : null}
    </section>
  );
}
