import { type CSSProperties, type FormEvent, useEffect, useId, useState } from 'react';
import type { AdminApiBody, AdminApiResponse } from '../../shared/api-types/admin-api';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Loading } from '../../shared/Loading';
import { Notice } from '../../shared/Notice';
import { SelectField } from '../../shared/SelectField';
import { TextAreaField } from '../../shared/TextAreaField';
import { TextField } from '../../shared/TextField';
import { AdminLayout } from '../components/AdminLayout';
import { ConfirmAction } from '../components/ConfirmAction';
import { ReadOnlyNotice } from '../components/ReadOnlyNotice';
import { describeError } from '../error-text';
import type { AdminMessageKey } from '../i18n/messages';
import { t } from '../i18n/text';
import { withQuery } from '../navigation';
import { useAdmin, useAdminApi } from '../session';

type Brand = AdminApiResponse<'GET /admin/branding'>;
type Organizations = AdminApiResponse<'GET /admin/organizations'>['organizations'];
type ImageKind = 'logo' | 'logo-dark' | 'favicon';

/** An image's words: its label, hint, and how removing it is offered and asked. */
interface ImageText {
  label: AdminMessageKey;
  hint: AdminMessageKey;
  remove: AdminMessageKey;
  removeQuestion: AdminMessageKey;
}

const IMAGES: { kind: ImageKind; field: 'logo' | 'logo_dark' | 'favicon'; text: ImageText }[] = [
  {
    kind: 'logo',
    field: 'logo',
    text: {
      label: 'branding.image.logo',
      hint: 'branding.image.logo.hint',
      remove: 'branding.image.logo.remove',
      removeQuestion: 'branding.image.logo.removeQuestion',
    },
  },
  {
    kind: 'logo-dark',
    field: 'logo_dark',
    text: {
      label: 'branding.image.logoDark',
      hint: 'branding.image.logoDark.hint',
      remove: 'branding.image.logoDark.remove',
      removeQuestion: 'branding.image.logoDark.removeQuestion',
    },
  },
  {
    kind: 'favicon',
    field: 'favicon',
    text: {
      label: 'branding.image.favicon',
      hint: 'branding.image.favicon.hint',
      remove: 'branding.image.favicon.remove',
      removeQuestion: 'branding.image.favicon.removeQuestion',
    },
  },
];
const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const MAX_IMAGE_BYTES = 256 * 1024;
const HEX = /^#[0-9a-fA-F]{6}$/;
/** The colour the empty field suggests and the picker starts from. */
const EXAMPLE_COLOR = '#1f4e8c';

/** Black or white text, whichever reads better on the colour (WCAG relative luminance). */
function textOn(color: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const c = Number.parseInt(color.slice(at, at + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05) ? '#000000' : '#ffffff';
}

/** The sign-in card as people will see it, redrawn as the form changes (light and dark). */
function SignInPreview({
  name,
  color,
  logo,
  logoDark,
}: {
  name: string;
  color: string | null;
  logo: string | null;
  logoDark: string | null;
}) {
  // Custom properties set through the CSSOM (React's style prop): allowed under the portal's CSP.
  const accent = (
    color && HEX.test(color) ? { '--preview-accent': color, '--preview-accent-text': textOn(color) } : {}
  ) as CSSProperties;
  return (
    <section className="brand-preview" aria-label={t('branding.preview.label')}>
      {(['light', 'dark'] as const).map((mode) => {
        const image = mode === 'dark' ? (logoDark ?? logo) : logo;
        return (
          <div key={mode} className={`brand-preview-card brand-preview-${mode}`} style={accent}>
            <p className="brand-preview-mode">
              {mode === 'light' ? t('branding.preview.light') : t('branding.preview.dark')}
            </p>
            <div className="brand-preview-header">
              {image ? <img src={image} alt="" height={28} /> : null}
              <span>{name}</span>
            </div>
            <p className="brand-preview-title">{t('branding.preview.signIn')}</p>
            <span className="brand-preview-input">{t('branding.preview.email')}</span>
            <span className="brand-preview-input">{t('branding.preview.password')}</span>
            <span className="brand-preview-button">{t('branding.preview.signIn')}</span>
          </div>
        );
      })}
    </section>
  );
}

function ImageField({
  kind,
  text,
  current,
  organizationId,
  canWrite,
  onChanged,
}: {
  kind: ImageKind;
  text: ImageText;
  current: Brand['logo'];
  organizationId: string | null;
  canWrite: boolean;
  onChanged: () => void;
}) {
  const api = useAdminApi();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const path = withQuery(`/admin/branding/images/${kind}`, { organization_id: organizationId });

  async function choose(file: File | undefined) {
    if (!file) return;
    if (!ACCEPTED_TYPES.includes(file.type)) return setError(t('branding.image.wrongType'));
    if (file.size > MAX_IMAGE_BYTES) return setError(t('branding.image.tooLarge'));
    setError(null);
    setBusy(true);
    try {
      await api.put(path, file);
      onChanged();
    } catch (failed) {
      setError(describeError(failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="field brand-image-field">
      <label htmlFor={id}>{t(text.label)}</label>
      <p id={`${id}-hint`} className="field-hint">
        {t(text.hint)} {t('branding.image.formats')}{' '}
        {current
          ? t('branding.image.now', {
              type: current.content_type.replace('image/', '').toUpperCase(),
              size: (current.size_bytes / 1024).toFixed(1),
            })
          : t('branding.image.notSet')}
      </p>
      {canWrite ? (
        <input
          id={id}
          type="file"
          accept={ACCEPTED_TYPES.join(',')}
          disabled={busy}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
      {canWrite && current ? (
        <ConfirmAction
          label={t(text.remove)}
          question={<p>{t(text.removeQuestion)}</p>}
          confirmLabel={t('branding.image.removeConfirm')}
          busyLabel={t('branding.image.removing')}
          onConfirm={async () => {
            await api.delete(path);
            onChanged();
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * The brand of the sign-in pages and emails (docs/branding.md): the deployment's, or an organization's overrides
 * used when a sign-in names that organization. Write admins change it; everyone sees the live preview.
 */
export function BrandingPage() {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const [organizations, setOrganizations] = useState<Organizations>([]);
  const [organizationId, setOrganizationId] = useState<string | null>(null);
  const [brand, setBrand] = useState<Brand | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [reload, setReload] = useState(0);
  const [name, setName] = useState('');
  const [color, setColor] = useState('');
  const [css, setCss] = useState('');
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<'saved' | { failed: unknown } | null>(null);

  useEffect(() => {
    api.get<AdminApiResponse<'GET /admin/organizations'>>('/admin/organizations?limit=100').then(
      (answer) => setOrganizations(answer.organizations),
      () => setOrganizations([]),
    );
  }, [api]);

  useEffect(() => {
    let current = true;
    api.get<Brand>(withQuery('/admin/branding', { organization_id: organizationId, r: reload })).then(
      (answer) => {
        if (!current) return;
        setBrand(answer);
        setName(answer.product_name ?? '');
        setColor(answer.primary_color ?? '');
        setCss(answer.custom_css ?? '');
      },
      (failed) => current && setLoadError(failed),
    );
    return () => {
      current = false;
    };
  }, [api, organizationId, reload]);

  const colorError = color !== '' && !HEX.test(color) ? t('branding.colorInvalid') : undefined;
  const nameError = name.length > 80 ? t('branding.nameTooLong') : undefined;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (colorError || nameError) return;
    setSaving(true);
    setOutcome(null);
    try {
      const body = {
        product_name: name.trim() === '' ? null : name.trim(),
        primary_color: color === '' ? null : color,
        ...(organizationId ? {} : { custom_css: css.trim() === '' ? null : css }),
      } satisfies AdminApiBody<'PATCH /admin/branding'>;
      const saved = await api.patch<Brand>(
        withQuery('/admin/branding', { organization_id: organizationId }),
        body,
      );
      setBrand(saved);
      setCss(saved.custom_css ?? '');
      setOutcome('saved');
    } catch (failed) {
      setOutcome({ failed });
    } finally {
      setSaving(false);
    }
  }

  const preview = (kind: ImageKind, image: Brand['logo']) =>
    image
      ? withQuery(`/admin/branding/images/${kind}`, {
          organization_id: organizationId,
          v: image.etag.slice(0, 16),
        })
      : null;

  return (
    <AdminLayout title={t('branding.title')}>
      <p>{t('branding.about')}</p>
      {canWrite ? null : <ReadOnlyNotice />}
      <SelectField
        label={t('branding.brandOf')}
        value={organizationId ?? ''}
        onChange={(event) => {
          setBrand(null);
          setOutcome(null);
          setOrganizationId(event.target.value === '' ? null : event.target.value);
        }}
        options={[
          { value: '', label: t('branding.brandOf.deployment') },
          ...organizations.map((organization) => ({
            value: organization.id,
            label: t('branding.brandOf.organization', { name: organization.name }),
          })),
        ]}
      />
      {loadError ? (
        <ErrorPanel title={t('branding.loadFailed')}>
          <p>{describeError(loadError)}</p>
        </ErrorPanel>
      ) : null}
      {brand === null ? (
        <Loading />
      ) : (
        <div className="brand-editor">
          <div className="brand-form">
            <form onSubmit={save} noValidate>
              {outcome === 'saved' ? (
                <Notice title={t('branding.saved.title')}>
                  <p>{t('branding.saved.body')}</p>
                </Notice>
              ) : null}
              {outcome && typeof outcome === 'object' ? (
                <ErrorPanel title={t('branding.saveFailed')}>
                  <p>{describeError(outcome.failed)}</p>
                </ErrorPanel>
              ) : null}
              <TextField
                label={t('branding.productName')}
                hint={
                  organizationId
                    ? t('branding.productName.organizationHint')
                    : t('branding.productName.deploymentHint')
                }
                value={name}
                maxLength={80}
                readOnly={!canWrite}
                error={nameError}
                onChange={(event) => setName(event.target.value)}
              />
              <div className="brand-color-row">
                <TextField
                  label={t('branding.color')}
                  hint={t('branding.color.hint')}
                  value={color}
                  placeholder={EXAMPLE_COLOR}
                  readOnly={!canWrite}
                  error={colorError}
                  onChange={(event) => setColor(event.target.value.trim())}
                />
                <input
                  type="color"
                  aria-label={t('branding.color.pick')}
                  value={HEX.test(color) ? color.toLowerCase() : EXAMPLE_COLOR}
                  disabled={!canWrite}
                  onChange={(event) => setColor(event.target.value)}
                />
              </div>
              {organizationId ? null : (
                <TextAreaField
                  label={t('branding.css')}
                  hint={t('branding.css.hint')}
                  value={css}
                  rows={6}
                  readOnly={!canWrite}
                  spellCheck={false}
                  onChange={(event) => setCss(event.target.value)}
                />
              )}
              {canWrite ? (
                <Button type="submit" disabled={saving}>
                  {saving ? t('common.saving') : t('branding.save')}
                </Button>
              ) : null}
            </form>
            {IMAGES.map((image) => (
              <ImageField
                key={`${organizationId ?? ''}-${image.kind}`}
                kind={image.kind}
                text={image.text}
                current={brand[image.field]}
                organizationId={organizationId}
                canWrite={canWrite}
                onChanged={() => setReload((count) => count + 1)}
              />
            ))}
          </div>
          <SignInPreview
            name={
              name.trim() ||
              (organizationId ? t('branding.preview.deploymentName') : t('branding.preview.defaultName'))
            }
            color={HEX.test(color) ? color : null}
            logo={preview('logo', brand.logo)}
            logoDark={preview('logo-dark', brand.logo_dark)}
          />
        </div>
      )}
    </AdminLayout>
  );
}
