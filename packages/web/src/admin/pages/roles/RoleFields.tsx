import { CheckboxGroup } from '../../../shared/CheckboxGroup';
import { TextAreaField } from '../../../shared/TextAreaField';
import { TextField } from '../../../shared/TextField';
import { t } from '../../i18n/text';
import type { PermissionView, RoleView } from '../../organization-types';

/** What creating a role and editing one both set (the key is chosen once, at creation). */
export interface RoleDraft {
  name: string;
  description: string;
  permissions: string[];
}

export function roleDraft(role: RoleView | null): RoleDraft {
  return role
    ? { name: role.name, description: role.description, permissions: role.permissions }
    : { name: '', description: '', permissions: [] };
}

export function roleBody(draft: RoleDraft) {
  return { name: draft.name.trim(), description: draft.description.trim(), permissions: draft.permissions };
}

export function roleNameError(name: string): string | undefined {
  return name.trim() === '' ? t('roles.fields.nameMissing') : undefined;
}

/** The name, the description, and the permissions the role grants in every organization. */
export function RoleFields({
  draft,
  onChange,
  nameError,
  permissions,
}: {
  draft: RoleDraft;
  onChange: (change: Partial<RoleDraft>) => void;
  nameError: string | undefined;
  permissions: readonly PermissionView[];
}) {
  return (
    <>
      <TextField
        label={t('roles.fields.name')}
        autoComplete="off"
        maxLength={120}
        value={draft.name}
        error={nameError}
        onChange={(event) => onChange({ name: event.target.value })}
      />
      <TextAreaField
        label={t('roles.fields.description')}
        maxLength={500}
        rows={2}
        value={draft.description}
        onChange={(event) => onChange({ description: event.target.value })}
      />
      <CheckboxGroup
        legend={t('roles.fields.permissions')}
        hint={t('roles.fields.permissionsHint')}
        options={permissions.map((permission) => ({
          value: permission.key,
          label: permission.key,
          hint: permission.description || undefined,
        }))}
        selected={draft.permissions}
        onChange={(chosen) => onChange({ permissions: chosen })}
      />
      {permissions.length === 0 ? <p className="muted">{t('roles.fields.noPermissions')}</p> : null}
    </>
  );
}
