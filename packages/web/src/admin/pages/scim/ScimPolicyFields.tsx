import { Button } from '../../../shared/Button';
import { CheckboxField } from '../../../shared/CheckboxField';
import { RadioGroup } from '../../../shared/RadioGroup';
import { SelectField } from '../../../shared/SelectField';
import { TextField } from '../../../shared/TextField';
import { t } from '../../i18n/text';
import type { RoleView } from '../../organization-types';
import type {
  DeprovisioningPolicy,
  ScimConnectionView,
  ScimRoleMapping,
  UnknownGroupPolicy,
} from '../../scim-types';

/** What a connection does with the identities its identity provider sends (docs/scim.md). */
export interface ScimPolicyDraft {
  deprovisioning: DeprovisioningPolicy;
  linkByVerifiedEmail: boolean;
  unknownGroups: UnknownGroupPolicy;
  roleMappings: ScimRoleMapping[];
  provisionedOnly: boolean;
}

/** The server's defaults for a new connection (scim/connections.ts). */
export function scimPolicyDraft(connection: ScimConnectionView | null): ScimPolicyDraft {
  if (!connection)
    return {
      deprovisioning: 'suspend',
      linkByVerifiedEmail: false,
      unknownGroups: 'ignore',
      roleMappings: [],
      provisionedOnly: false,
    };
  return {
    deprovisioning: connection.deprovisioning as DeprovisioningPolicy,
    linkByVerifiedEmail: connection.linkByVerifiedEmail,
    unknownGroups: connection.unknownGroups as UnknownGroupPolicy,
    roleMappings: connection.roleMappings,
    provisionedOnly: connection.provisionedOnly,
  };
}

/** Mappings with an empty value say nothing: the request leaves them out rather than being refused for them. */
export function scimPolicyBody(draft: ScimPolicyDraft): ScimPolicyDraft {
  return { ...draft, roleMappings: draft.roleMappings.filter((mapping) => mapping.value.trim() !== '') };
}

const MATCH_OPTIONS = [
  { value: 'displayName', label: t('scim.policy.match.displayName') },
  { value: 'externalId', label: t('scim.policy.match.externalId') },
  { value: 'id', label: t('scim.policy.match.id') },
] as const;

export function ScimPolicyFields({
  draft,
  roles,
  onChange,
  disabled,
}: {
  draft: ScimPolicyDraft;
  roles: readonly RoleView[];
  onChange: (change: Partial<ScimPolicyDraft>) => void;
  disabled: boolean;
}) {
  const roleChoices = roles.map((role) => ({ value: role.key, label: `${role.name} (${role.key})` }));
  const setMapping = (index: number, change: Partial<ScimRoleMapping>) =>
    onChange({
      roleMappings: draft.roleMappings.map((mapping, at) =>
        at === index ? { ...mapping, ...change } : mapping,
      ),
    });

  return (
    <>
      <RadioGroup
        legend={t('scim.policy.deprovisioning')}
        name="scim-deprovisioning"
        value={draft.deprovisioning}
        onChange={(deprovisioning) => onChange({ deprovisioning })}
        disabled={disabled}
        options={[
          {
            value: 'suspend',
            label: t('scim.policy.deprovisioning.suspend'),
            hint: t('scim.policy.deprovisioning.suspend.hint'),
          },
          {
            value: 'remove',
            label: t('scim.policy.deprovisioning.remove'),
            hint: t('scim.policy.deprovisioning.remove.hint'),
          },
          {
            value: 'delete',
            label: t('scim.policy.deprovisioning.delete'),
            hint: t('scim.policy.deprovisioning.delete.hint'),
          },
        ]}
      />
      <CheckboxField
        label={t('scim.policy.linkByVerifiedEmail')}
        hint={t('scim.policy.linkByVerifiedEmail.hint')}
        checked={draft.linkByVerifiedEmail}
        disabled={disabled}
        onChange={(event) => onChange({ linkByVerifiedEmail: event.target.checked })}
      />
      <CheckboxField
        label={t('scim.policy.provisionedOnly')}
        hint={t('scim.policy.provisionedOnly.hint')}
        checked={draft.provisionedOnly}
        disabled={disabled}
        onChange={(event) => onChange({ provisionedOnly: event.target.checked })}
      />
      <RadioGroup
        legend={t('scim.policy.unknownGroups')}
        name="scim-unknown-groups"
        value={draft.unknownGroups}
        onChange={(unknownGroups) => onChange({ unknownGroups })}
        disabled={disabled}
        options={[
          {
            value: 'ignore',
            label: t('scim.policy.unknownGroups.ignore'),
            hint: t('scim.policy.unknownGroups.ignore.hint'),
          },
          {
            value: 'reject',
            label: t('scim.policy.unknownGroups.reject'),
            hint: t('scim.policy.unknownGroups.reject.hint'),
          },
          {
            value: 'create',
            label: t('scim.policy.unknownGroups.create'),
            hint: t('scim.policy.unknownGroups.create.hint'),
          },
        ]}
      />
      <fieldset className="field" disabled={disabled}>
        <legend>{t('scim.policy.mappings')}</legend>
        <p className="field-hint">{t('scim.policy.mappings.hint')}</p>
        {draft.roleMappings.length === 0 ? <p>{t('scim.policy.mappings.none')}</p> : null}
        {draft.roleMappings.map((mapping, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own until saved.
          <div className="mapping-row" key={index} data-testid="role-mapping">
            <SelectField
              label={t('scim.policy.mapping.match', { number: index + 1 })}
              value={mapping.match}
              options={MATCH_OPTIONS}
              onChange={(event) =>
                setMapping(index, { match: event.target.value as ScimRoleMapping['match'] })
              }
            />
            <TextField
              label={t('scim.policy.mapping.group', { number: index + 1 })}
              value={mapping.value}
              maxLength={256}
              onChange={(event) => setMapping(index, { value: event.target.value })}
            />
            <SelectField
              label={t('scim.policy.mapping.role', { number: index + 1 })}
              value={mapping.role}
              options={roleChoices}
              onChange={(event) => setMapping(index, { role: event.target.value })}
            />
            <Button
              variant="secondary"
              onClick={() => onChange({ roleMappings: draft.roleMappings.filter((_, at) => at !== index) })}
            >
              {t('scim.policy.mapping.remove', { number: index + 1 })}
            </Button>
          </div>
        ))}
        <Button
          variant="secondary"
          disabled={roleChoices.length === 0 || draft.roleMappings.length >= 100}
          onClick={() =>
            onChange({
              roleMappings: [
                ...draft.roleMappings,
                { match: 'displayName', value: '', role: roleChoices[0]?.value ?? '' },
              ],
            })
          }
        >
          {t('scim.policy.mapping.add')}
        </Button>
      </fieldset>
    </>
  );
}
