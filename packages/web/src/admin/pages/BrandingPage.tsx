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
import { withQuery } from '../navigation';
import { useAdmin, useAdminApi } from '../session';

type Brand = AdminApiResponse<'GET /admin/branding'>;
type Organizations = AdminApiResponse<'GET /admin/organizations'>['organizations'];
type ImageKind = 'logo' | 'logo-dark' | 'favicon';

const IMAGES: { kind: ImageKind; field: 'logo' | 'logo_dark' | 'favicon'; label: string; hint: string }[] = [
  {
    kind: 'logo',
    field: 'logo',
    label: 'Logo',
    hint: 'Shown in the header of every sign-in page, about 32 pixels high.',
  },
  {
    kind: 'logo-dark',
    field: 'logo_dark',
    label: 'Logo for dark mode',
    hint: 'Shown instead of the logo when the visitor’s system uses a dark theme.',
  },
  {
    kind: 'favicon',
    field: 'favicon',
    label: 'Favicon',
    hint: 'The browser tab’s icon: a square PNG of 32×32 or more.',
  },
];
const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const MAX_IMAGE_BYTES = 256 * 1024;
const HEX = /^#[0-9a-fA-F]{6}$/;

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
    <section className="brand-preview" aria-label="Preview of the sign-in page">
      {(['light', 'dark'] as const).map((mode) => {
        const image = mode === 'dark' ? (logoDark ?? logo) : logo;
        return (
          <div key={mode} className={`brand-preview-card brand-preview-${mode}`} style={accent}>
            <p className="brand-preview-mode">{mode === 'light' ? 'Light mode' : 'Dark mode'}</p>
            <div className="brand-preview-header">
              {image ? <img src={image} alt="" height={28} /> : null}
              <span>{name}</span>
            </div>
            <p className="brand-preview-title">Sign in</p>
            <span className="brand-preview-input">Email address</span>
            <span className="brand-preview-input">Password</span>
            <span className="brand-preview-button">Sign in</span>
          </div>
        );
      })}
    </section>
  );
}

function ImageField({
  kind,
  label,
  hint,
  current,
  organizationId,
  canWrite,
  onChanged,
}: {
  kind: ImageKind;
  label: string;
  hint: string;
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
    if (!ACCEPTED_TYPES.includes(file.type))
      return setError('Choose a PNG, JPEG, WebP or GIF image (not SVG).');
    if (file.size > MAX_IMAGE_BYTES) return setError('Choose an image of at most 256 KiB.');
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
      <label htmlFor={id}>{label}</label>
      <p id={`${id}-hint`} className="field-hint">
        {hint} PNG, JPEG, WebP or GIF, at most 256 KiB.
        {current
          ? ` Now: ${current.content_type.replace('image/', '').toUpperCase()}, ${(current.size_bytes / 1024).toFixed(1)} KiB.`
          : ' Not set.'}
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
          label={`Remove ${label.toLowerCase()}`}
          question={<p>Remove the {label.toLowerCase()}?</p>}
          confirmLabel="Remove"
          busyLabel="Removing…"
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

  const colorError =
    color !== '' && !HEX.test(color) ? 'Enter a colour as # and six hex digits, e.g. #0a7f5a.' : undefined;
  const nameError = name.length > 80 ? 'Use at most 80 characters.' : undefined;

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
    <AdminLayout title="Branding">
      <p>
        The name, logos, colour and favicon people see on the sign-in pages and in emails. An organization’s
        brand applies when an app’s sign-in request names that organization.
      </p>
      {canWrite ? null : <ReadOnlyNotice />}
      <SelectField
        label="Brand of"
        value={organizationId ?? ''}
        onChange={(event) => {
          setBrand(null);
          setOutcome(null);
          setOrganizationId(event.target.value === '' ? null : event.target.value);
        }}
        options={[
          { value: '', label: 'The whole deployment' },
          ...organizations.map((organization) => ({
            value: organization.id,
            label: `Organization: ${organization.name}`,
          })),
        ]}
      />
      {loadError ? (
        <ErrorPanel title="The brand could not be loaded">
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
                <Notice title="Brand saved">
                  <p>The sign-in pages show it from the next page load.</p>
                </Notice>
              ) : null}
              {outcome && typeof outcome === 'object' ? (
                <ErrorPanel title="The brand was not saved">
                  <p>{describeError(outcome.failed)}</p>
                </ErrorPanel>
              ) : null}
              <TextField
                label="Product name"
                hint={
                  organizationId
                    ? 'Empty: the deployment’s name.'
                    : 'Empty: the product.name setting. Shown in page titles, headers and emails.'
                }
                value={name}
                maxLength={80}
                readOnly={!canWrite}
                error={nameError}
                onChange={(event) => setName(event.target.value)}
              />
              <div className="brand-color-row">
                <TextField
                  label="Primary colour"
                  hint="Buttons and links. Kept readable: it is darkened or lightened where contrast needs it."
                  value={color}
                  placeholder="#1f4e8c"
                  readOnly={!canWrite}
                  error={colorError}
                  onChange={(event) => setColor(event.target.value.trim())}
                />
                <input
                  type="color"
                  aria-label="Pick the primary colour"
                  value={HEX.test(color) ? color.toLowerCase() : '#1f4e8c'}
                  disabled={!canWrite}
                  onChange={(event) => setColor(event.target.value)}
                />
              </div>
              {organizationId ? null : (
                <TextAreaField
                  label="Custom stylesheet"
                  hint="Optional CSS for the sign-in pages. It may not load anything from elsewhere: @import, escapes and url() other than /branding/ files are refused."
                  value={css}
                  rows={6}
                  readOnly={!canWrite}
                  spellCheck={false}
                  onChange={(event) => setCss(event.target.value)}
                />
              )}
              {canWrite ? (
                <Button type="submit" disabled={saving}>
                  {saving ? 'Saving…' : 'Save brand'}
                </Button>
              ) : null}
            </form>
            {IMAGES.map((image) => (
              <ImageField
                key={`${organizationId ?? ''}-${image.kind}`}
                kind={image.kind}
                label={image.label}
                hint={image.hint}
                current={brand[image.field]}
                organizationId={organizationId}
                canWrite={canWrite}
                onChanged={() => setReload((count) => count + 1)}
              />
            ))}
          </div>
          <SignInPreview
            name={name.trim() || (organizationId ? 'Deployment name' : 'Tessera')}
            color={HEX.test(color) ? color : null}
            logo={preview('logo', brand.logo)}
            logoDark={preview('logo-dark', brand.logo_dark)}
          />
        </div>
      )}
    </AdminLayout>
  );
}
