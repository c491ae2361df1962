import { useId } from 'react';
import type { AdminApiResponse } from '../../../shared/api-types/admin-api';
import { Link } from '../../../shared/router';
import { describeError } from '../../error-text';
import { rich, t } from '../../i18n/text';
import { useAdminApi } from '../../session';
import { useLoad } from '../../use-load';

type UnlockPolicyView = AdminApiResponse<'GET /admin/organizations/{organizationId}/unlock-policy'>;

const ENVELOPE_LABELS: Record<string, string> = {
  password: t('scim.unlock.envelope.password'),
  recovery_key: t('scim.unlock.envelope.recoveryKey'),
  passkey_prf: t('scim.unlock.envelope.passkey'),
  trusted_device: t('scim.unlock.envelope.trustedDevice'),
};

const yesNo = (value: boolean) => (value ? t('scim.unlock.yes') : t('scim.unlock.no'));

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
      <h2 id={headingId}>{t('scim.unlock.heading')}</h2>
      <p>
        {rich('scim.unlock.intro', {
          link: (
            <Link to={`/organizations/${encodeURIComponent(organizationId)}#unlock-policy`}>
              {t('scim.unlock.link')}
            </Link>
          ),
        })}
      </p>
      {effective ? (
        <dl className="summary-list" data-testid="scim-unlock-policy">
          <div>
            <dt>{t('scim.unlock.ways')}</dt>
            <dd>
              {effective.allowed_envelope_types.map((type) => ENVELOPE_LABELS[type] ?? type).join(', ')}
            </dd>
          </div>
          <div>
            <dt>{t('scim.unlock.zkRequires')}</dt>
            <dd>{yesNo(effective.zk_requires_unlocked_keybag)}</dd>
          </div>
          <div>
            <dt>{t('scim.unlock.trustedDeviceApproval')}</dt>
            <dd>{yesNo(effective.trusted_device_approval)}</dd>
          </div>
          <div>
            <dt>{t('scim.unlock.newKeySetup')}</dt>
            <dd>{yesNo(effective.new_key_setup_allowed)}</dd>
          </div>
        </dl>
      ) : policy.error ? (
        <p>{describeError(policy.error)}</p>
      ) : null}
    </section>
  );
}
