import { CheckboxField } from '../../../shared/CheckboxField';
import { TextField } from '../../../shared/TextField';
import { t } from '../../i18n/text';
import { type OrganizationView, SLUG_PATTERN } from '../../organization-types';

/** What creating an organization and editing one both set. */
export interface OrganizationDraft {
  name: string;
  slug: string;
  requireTotp: boolean;
}

export function organizationDraft(organization: OrganizationView | null): OrganizationDraft {
  return organization
    ? { name: organization.name, slug: organization.slug, requireTotp: organization.settings.require_totp }
    : { name: '', slug: '', requireTotp: false };
}

export type OrganizationField = 'name' | 'slug';

/** The server's rules, checked before anything is sent. An empty slug is made from the name (on creation). */
export function organizationErrors(
  draft: OrganizationDraft,
  slugRequired: boolean,
): Record<OrganizationField, string | undefined> {
  const slug = draft.slug.trim();
  return {
    name: draft.name.trim() === '' ? t('organizations.fields.nameMissing') : undefined,
    slug:
      slug === ''
        ? slugRequired
          ? t('organizations.fields.slugMissing')
          : undefined
        : SLUG_PATTERN.test(slug)
          ? undefined
          : t('organizations.fields.slugInvalid'),
  };
}

/** The draft as POST and PUT /admin/organizations take it (an empty slug left out). */
export function organizationBody(draft: OrganizationDraft) {
  const slug = draft.slug.trim();
  return {
    name: draft.name.trim(),
    ...(slug ? { slug } : {}),
    settings: { require_totp: draft.requireTotp },
  };
}

/** The name, the slug (apps see it in tokens as org_slug) and the TOTP policy. */
export function OrganizationFields({
  draft,
  onChange,
  errors,
  purpose,
}: {
  draft: OrganizationDraft;
  onChange: (change: Partial<OrganizationDraft>) => void;
  errors: Partial<Record<OrganizationField, string>>;
  purpose: 'create' | 'edit';
}) {
  return (
    <>
      <TextField
        label={t('organizations.fields.name')}
        autoComplete="off"
        maxLength={120}
        value={draft.name}
        error={errors.name}
        onChange={(event) => onChange({ name: event.target.value })}
      />
      <TextField
        label={purpose === 'create' ? t('organizations.fields.slugOptional') : t('organizations.fields.slug')}
        hint={
          purpose === 'create'
            ? t('organizations.fields.slugHint.create')
            : t('organizations.fields.slugHint.edit')
        }
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="off"
        maxLength={63}
        value={draft.slug}
        error={errors.slug}
        onChange={(event) => onChange({ slug: event.target.value })}
      />
      <CheckboxField
        label={t('organizations.fields.requireTotp')}
        hint={t('organizations.fields.requireTotpHint')}
        checked={draft.requireTotp}
        onChange={(event) => onChange({ requireTotp: event.target.checked })}
      />
    </>
  );
}
