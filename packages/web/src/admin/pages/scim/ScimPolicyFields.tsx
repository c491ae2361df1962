import { Button } from '../../../shared/Button';
import { CheckboxField } from '../../../shared/CheckboxField';
import { RadioGroup } from '../../../shared/RadioGroup';
import { SelectField } from '../../../shared/SelectField';
import { TextField } from '../../../shared/TextField';
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
  { value: 'displayName', label: 'Group name (displayName)' },
  { value: 'externalId', label: 'Group ID in the identity provider (externalId)' },
  { value: 'id', label: 'Tessera’s group ID (id)' },
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
        legend="When the identity provider deactivates or deletes a user"
        name="scim-deprovisioning"
        value={draft.deprovisioning}
        onChange={(deprovisioning) => onChange({ deprovisioning })}
        disabled={disabled}
        options={[
          {
            value: 'suspend',
            label: 'Suspend the membership',
            hint: 'The user keeps the account but cannot sign in to this organization; reactivation restores it.',
          },
          {
            value: 'remove',
            label: 'Remove the membership',
            hint: 'The user leaves the organization; the account stays.',
          },
          {
            value: 'delete',
            label: 'Delete the account',
            hint: 'Removes the membership, and deletes the account when it belongs to no other organization.',
          },
        ]}
      />
      <CheckboxField
        label="Link users who already have an account with the same verified email"
        hint="Otherwise a user whose email already has an account is refused (409), and the account is left as it is."
        checked={draft.linkByVerifiedEmail}
        disabled={disabled}
        onChange={(event) => onChange({ linkByVerifiedEmail: event.target.checked })}
      />
      <CheckboxField
        label="Provisioned-only sign-in"
        hint="In this organization, only users this connection provisioned and keeps active count as members when signing in to apps and in their tokens; members added by invitation or by hand are not accepted for it."
        checked={draft.provisionedOnly}
        disabled={disabled}
        onChange={(event) => onChange({ provisionedOnly: event.target.checked })}
      />
      <RadioGroup
        legend="Groups no mapping below names"
        name="scim-unknown-groups"
        value={draft.unknownGroups}
        onChange={(unknownGroups) => onChange({ unknownGroups })}
        disabled={disabled}
        options={[
          { value: 'ignore', label: 'Keep them, without a role', hint: 'Members get no role from them.' },
          { value: 'reject', label: 'Refuse them', hint: 'The identity provider’s request fails.' },
          {
            value: 'create',
            label: 'Give each a role of its own',
            hint: 'A new role named after the group is created.',
          },
        ]}
      />
      <fieldset className="field" disabled={disabled}>
        <legend>Groups that give roles</legend>
        <p className="field-hint">
          Members of a matching group hold the role in this organization; membership changes apply at once.
        </p>
        {draft.roleMappings.length === 0 ? <p>No group gives a role yet.</p> : null}
        {draft.roleMappings.map((mapping, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own until saved.
          <div className="mapping-row" key={index} data-testid="role-mapping">
            <SelectField
              label={`Mapping ${index + 1}: match on`}
              value={mapping.match}
              options={MATCH_OPTIONS}
              onChange={(event) =>
                setMapping(index, { match: event.target.value as ScimRoleMapping['match'] })
              }
            />
            <TextField
              label={`Mapping ${index + 1}: group`}
              value={mapping.value}
              maxLength={256}
              onChange={(event) => setMapping(index, { value: event.target.value })}
            />
            <SelectField
              label={`Mapping ${index + 1}: role`}
              value={mapping.role}
              options={roleChoices}
              onChange={(event) => setMapping(index, { role: event.target.value })}
            />
            <Button
              variant="secondary"
              onClick={() => onChange({ roleMappings: draft.roleMappings.filter((_, at) => at !== index) })}
            >
              Remove mapping {index + 1}
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
          Add a group mapping
        </Button>
      </fieldset>
    </>
  );
}
