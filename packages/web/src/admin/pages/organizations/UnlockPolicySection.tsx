import { type FormEvent, useEffect, useState } from 'react';
import type { AdminApiBody, AdminApiResponse } from '../../../shared/api-types/admin-api';
import { CheckboxField } from '../../../shared/CheckboxField';
import { ErrorPanel } from '../../../shared/ErrorPanel';
import { Loading } from '../../../shared/Loading';
import { EditSection } from '../../components/EditSection';
import type { Outcome } from '../../components/OutcomeMessage';
import { describeError } from '../../error-text';
import type { AdminMessageKey } from '../../i18n/messages';
import { t } from '../../i18n/text';
import { useAdmin, useAdminApi } from '../../session';
import { useLoad } from '../../use-load';

type UnlockPolicyView = AdminApiResponse<'GET /admin/organizations/{organizationId}/unlock-policy'>;
type UnlockPolicyBody = NonNullable<AdminApiBody<'PUT /admin/organizations/{organizationId}/unlock-policy'>>;
type EnvelopeType = UnlockPolicyView['global']['allowed_envelope_types'][number];

const ENVELOPE_LABELS: Record<EnvelopeType, AdminMessageKey> = {
  password: 'organizations.unlock.way.password',
  recovery_key: 'organizations.unlock.way.recoveryKey',
  passkey_prf: 'organizations.unlock.way.passkey',
  trusted_device: 'organizations.unlock.way.trustedDevice',
};
const ENVELOPE_ORDER: EnvelopeType[] = ['password', 'recovery_key', 'passkey_prf', 'trusted_device'];

/** The choices on screen: each one can only be as permissive as the service's own policy (docs/zk.md §8.1). */
interface Draft {
  allowed: EnvelopeType[];
  requiresUnlockedKeybag: boolean;
  trustedDeviceApproval: boolean;
  newKeySetup: boolean;
}

function draftOf({ effective }: UnlockPolicyView): Draft {
  return {
    allowed: effective.allowed_envelope_types,
    requiresUnlockedKeybag: effective.zk_requires_unlocked_keybag,
    trustedDeviceApproval: effective.trusted_device_approval,
    newKeySetup: effective.new_key_setup_allowed,
  };
}

/**
 * The override to store: only what is stricter than the service says; anything equal to it stays null so that it
 * follows the service's setting (all the types the service allows, checked, means "no restriction").
 */
function bodyOf(draft: Draft, { global }: UnlockPolicyView): UnlockPolicyBody {
  const restricted = global.allowed_envelope_types.some((type) => !draft.allowed.includes(type));
  return {
    allowed_envelope_types: restricted ? ENVELOPE_ORDER.filter((type) => draft.allowed.includes(type)) : null,
    zk_requires_unlocked_keybag:
      draft.requiresUnlockedKeybag && !global.zk_requires_unlocked_keybag ? true : null,
    trusted_device_approval: !draft.trustedDeviceApproval && global.trusted_device_approval ? false : null,
    new_key_setup_allowed: !draft.newKeySetup && global.new_key_setup_allowed ? false : null,
  };
}

/**
 * The organization's unlock policy (docs/zk.md §8.1): what zero-knowledge apps authorized for this organization
 * accept, and what its members' account pages offer. It can only be stricter than the service's own settings.
 */
export function UnlockPolicySection({ organizationId }: { organizationId: string }) {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const path = `/admin/organizations/${encodeURIComponent(organizationId)}/unlock-policy`;
  const loaded = useLoad(path, (signal) => api.get<UnlockPolicyView>(path, signal));
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const policy = loaded.data;
  useEffect(() => {
    if (policy) setDraft(draftOf(policy));
  }, [policy]);

  if (loaded.error !== undefined && loaded.error !== null)
    return (
      <ErrorPanel title={t('organizations.unlock.loadFailed')}>
        <p>{describeError(loaded.error)}</p>
      </ErrorPanel>
    );
  if (!policy || !draft) return <Loading>{t('organizations.unlock.loading')}</Loading>;
  const { global } = policy;
  const change = (next: Partial<Draft>) =>
    setDraft((previous) => (previous ? { ...previous, ...next } : previous));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!policy || !draft || draft.allowed.length === 0) return;
    setBusy(true);
    setOutcome(null);
    try {
      const saved = await api.put<UnlockPolicyView>(path, bodyOf(draft, policy));
      loaded.setData(saved);
      setOutcome({ kind: 'done', text: t('organizations.unlock.saved') });
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    } finally {
      setBusy(false);
    }
  }

  const noneAllowed = draft.allowed.length === 0;
  return (
    <div id="unlock-policy">
      <EditSection
        heading={t('organizations.unlock.heading')}
        outcome={outcome}
        failedTitle={t('organizations.unlock.failed')}
        busy={busy}
        onSubmit={onSubmit}
        editable={canWrite}
        submitLabel={t('organizations.unlock.submit')}
        notice={<p className="field-hint">{t('organizations.unlock.notice')}</p>}
      >
        <fieldset className="field">
          <legend>{t('organizations.unlock.ways')}</legend>
          {ENVELOPE_ORDER.map((type) => {
            const offered = global.allowed_envelope_types.includes(type);
            return (
              <CheckboxField
                key={type}
                label={t(ENVELOPE_LABELS[type])}
                hint={offered ? undefined : t('organizations.unlock.offForService')}
                checked={offered && draft.allowed.includes(type)}
                disabled={!offered}
                onChange={(event) =>
                  change({
                    allowed: event.target.checked
                      ? [...draft.allowed, type]
                      : draft.allowed.filter((allowed) => allowed !== type),
                  })
                }
              />
            );
          })}
          {noneAllowed ? (
            <p className="field-error" role="alert">
              {t('organizations.unlock.noneAllowed')}
            </p>
          ) : null}
        </fieldset>
        <CheckboxField
          label={t('organizations.unlock.requiresUnlockedKey')}
          hint={
            global.zk_requires_unlocked_keybag
              ? t('organizations.unlock.requiresUnlockedKey.required')
              : t('organizations.unlock.requiresUnlockedKey.hint')
          }
          checked={draft.requiresUnlockedKeybag}
          disabled={global.zk_requires_unlocked_keybag}
          onChange={(event) => change({ requiresUnlockedKeybag: event.target.checked })}
        />
        <CheckboxField
          label={t('organizations.unlock.deviceApproval')}
          hint={
            global.trusted_device_approval
              ? t('organizations.unlock.deviceApproval.hint')
              : t('organizations.unlock.offForService')
          }
          checked={draft.trustedDeviceApproval}
          disabled={!global.trusted_device_approval}
          onChange={(event) => change({ trustedDeviceApproval: event.target.checked })}
        />
        <CheckboxField
          label={t('organizations.unlock.newKeySetup')}
          hint={
            global.new_key_setup_allowed
              ? t('organizations.unlock.newKeySetup.hint')
              : t('organizations.unlock.offForService')
          }
          checked={draft.newKeySetup}
          disabled={!global.new_key_setup_allowed}
          onChange={(event) => change({ newKeySetup: event.target.checked })}
        />
      </EditSection>
    </div>
  );
}
