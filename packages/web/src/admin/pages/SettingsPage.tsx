import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { AdminApiResponse } from '../../shared/api-types/admin-api';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Loading } from '../../shared/Loading';
import { Notice } from '../../shared/Notice';
import { TextField } from '../../shared/TextField';
import { AdminLayout } from '../components/AdminLayout';
import { ReadOnlyNotice } from '../components/ReadOnlyNotice';
import { describeError } from '../error-text';
import { formatSeconds } from '../format';
import type { AdminMessageKey } from '../i18n/messages';
import { t } from '../i18n/text';
import { useAdmin, useAdminApi } from '../session';
import type { SettingSchema, SettingView } from '../types';
import { useLoad } from '../use-load';
import { emailError } from '../validation';

/** Set at install or from the environment; the API does not change it. */
const READ_ONLY = new Set(['system.public_base_url']);

type Kind = 'boolean' | 'number' | 'duration' | 'choice' | 'string' | 'secure';

/** Words a label spells in capitals. */
const ACRONYMS = new Set([
  'ttl',
  'smtp',
  'ip',
  'totp',
  'url',
  'uri',
  'id',
  'scim',
  'oidc',
  'jwks',
  'otp',
  'dpop',
  'kek',
  'par',
]);

/** A setting's human label, from the last part of its key: `tokens.access_token_ttl_seconds` → "Access token TTL". */
export function labelOf(key: string): string {
  const words = (key.split('.').at(-1) ?? key).replace(/_(seconds|minutes|hours)$/, '').split('_');
  return words
    .map((word, index) => {
      if (ACRONYMS.has(word)) return word.toUpperCase();
      return index === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word;
    })
    .join(' ');
}

/** The unit a duration setting is stored in, from its key's suffix. */
function baseUnitOf(key: string): DurationUnit | null {
  const match = /_(seconds|minutes|hours)$/.exec(key);
  return match ? (match[1] as DurationUnit) : null;
}

type DurationUnit = 'seconds' | 'minutes' | 'hours' | 'days';
const UNIT_SECONDS: Record<DurationUnit, number> = { seconds: 1, minutes: 60, hours: 3600, days: 86_400 };
const UNIT_TEXT: Record<DurationUnit, AdminMessageKey> = {
  seconds: 'settings.unit.seconds',
  minutes: 'settings.unit.minutes',
  hours: 'settings.unit.hours',
  days: 'settings.unit.days',
};

/** The largest unit that shows a stored duration as a whole number (`43200` seconds → 12 hours). */
function bestUnit(value: number, base: DurationUnit): DurationUnit {
  const seconds = value * UNIT_SECONDS[base];
  for (const unit of ['days', 'hours', 'minutes'] as const) {
    if (UNIT_SECONDS[unit] >= UNIT_SECONDS[base] && seconds > 0 && seconds % UNIT_SECONDS[unit] === 0)
      return unit;
  }
  return base;
}
type Choice = string | number | boolean;

/** The constants of a union of literals (rendered as a select), or null for any other type. */
function choicesOf(schema: SettingSchema): Choice[] | null {
  const options = schema.anyOf;
  if (!options?.length || !options.every((option) => 'const' in option)) return null;
  return options.map((option) => option.const as Choice);
}

/** The control a setting gets, from its JSON Schema (the server's type for it). */
function kindOf(setting: SettingView): Kind {
  if (setting.secure) return 'secure';
  if (choicesOf(setting.schema)) return 'choice';
  if (setting.schema.type === 'boolean') return 'boolean';
  if (setting.schema.type === 'integer' && baseUnitOf(setting.key)) return 'duration';
  if (setting.schema.type === 'integer' || setting.schema.type === 'number') return 'number';
  return 'string';
}

/** "Allowed: 1 to 65535." for a number with bounds, "Up to 80 characters." for a bounded text. */
function limitsOf(schema: SettingSchema, kind: Kind): string {
  if (
    (kind === 'number' || kind === 'duration') &&
    schema.minimum !== undefined &&
    schema.maximum !== undefined
  )
    // As strings: a bound is shown as it is typed, without grouping.
    return ` ${t('settings.limits.range', { min: String(schema.minimum), max: String(schema.maximum) })}`;
  if (kind === 'string' && schema.maxLength !== undefined)
    return ` ${t('settings.limits.length', { max: String(schema.maxLength) })}`;
  return '';
}

/** Why a typed number is refused, in the setting's terms: its unit for a duration, and its bounds if it has both. */
function outOfRange(
  kind: 'number' | 'duration',
  whole: boolean,
  baseUnit: DurationUnit,
  minimum: number | undefined,
  maximum: number | undefined,
): string {
  const bounded = minimum !== undefined && maximum !== undefined;
  if (kind === 'duration') {
    const unit = t(UNIT_TEXT[baseUnit]);
    return bounded
      ? t('settings.invalid.durationInRange', {
          unit,
          min: formatDuration(minimum, baseUnit),
          max: formatDuration(maximum, baseUnit),
        })
      : t('settings.invalid.duration', { unit });
  }
  if (!bounded) return whole ? t('settings.invalid.wholeNumber') : t('settings.invalid.number');
  const range = { min: String(minimum), max: String(maximum) };
  return whole ? t('settings.invalid.wholeNumberInRange', range) : t('settings.invalid.numberInRange', range);
}

/** A stored duration in words, in the largest whole unit: `formatDuration(720, 'minutes')` → "12 hours". */
function formatDuration(value: number, base: DurationUnit): string {
  return formatSeconds(value * UNIT_SECONDS[base]);
}

function display(value: unknown, key: string): string {
  if (value === '' || value === null || value === undefined) return t('settings.value.empty');
  if (typeof value === 'boolean') return value ? t('settings.value.on') : t('settings.value.off');
  const base = baseUnitOf(key);
  if (typeof value === 'number' && base) return formatDuration(value, base);
  return String(value);
}

/** Every runtime setting, its control chosen by its JSON Schema, with its description and default; secure ones write-only. */
export function SettingsPage() {
  const api = useAdminApi();
  const settings = useLoad('settings', (signal) =>
    api.get<AdminApiResponse<'GET /admin/settings'>>('/admin/settings', signal),
  );

  const [query, setQuery] = useState('');
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (setting: SettingView) => {
    const text =
      `${labelOf(setting.key)} ${setting.key} ${setting.description} ${setting.group}`.toLowerCase();
    return words.every((word) => text.includes(word));
  };
  // Groups in the order the server lists them: the owning module's title (app/modules.ts).
  const groups = new Map<string, SettingView[]>();
  for (const setting of settings.data?.settings ?? []) {
    if (!matches(setting)) continue;
    groups.set(setting.group, [...(groups.get(setting.group) ?? []), setting]);
  }
  const shown = [...groups.values()].reduce((count, entries) => count + entries.length, 0);
  const anchor = (group: string) => `settings-${group.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

  function replace(updated: SettingView) {
    if (!settings.data) return;
    settings.setData({
      settings: settings.data.settings.map((entry) => (entry.key === updated.key ? updated : entry)),
    });
  }

  return (
    <AdminLayout title={t('settings.title')}>
      <ReadOnlyNotice />
      <p>{t('settings.about')}</p>
      {settings.error ? (
        <ErrorPanel title={t('settings.loadFailed')}>
          <p>{describeError(settings.error)}</p>
        </ErrorPanel>
      ) : null}
      {settings.data === undefined && settings.loading ? <Loading /> : null}
      {settings.data ? (
        <search className="settings-search">
          <TextField
            label={t('settings.search.label')}
            type="search"
            hint={t('settings.search.hint')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <p className="small" role="status">
            {words.length
              ? t('settings.search.matches', {
                  shown: String(shown),
                  total: String(settings.data.settings.length),
                })
              : ''}
          </p>
        </search>
      ) : null}
      {settings.data ? (
        <nav aria-label={t('settings.groups')} className="in-page-nav">
          <ul>
            {[...groups.keys()].map((group) => (
              <li key={group}>
                <a
                  href={`#${anchor(group)}`}
                  onClick={(event) => {
                    // Jump without changing the URL (a fragment change would count as a navigation).
                    event.preventDefault();
                    const heading = document.getElementById(anchor(group));
                    heading?.scrollIntoView();
                    heading?.focus({ preventScroll: true });
                  }}
                >
                  {group}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {[...groups.entries()].map(([group, entries]) => (
        <section key={group} className="section" aria-labelledby={anchor(group)}>
          <h2 id={anchor(group)} tabIndex={-1}>
            {group}
          </h2>
          {entries.map((setting) => (
            <SettingRow key={setting.key} setting={setting} onSaved={replace} />
          ))}
          {entries.some((setting) => setting.key.startsWith('smtp.')) ? <SmtpTest /> : null}
        </section>
      ))}
    </AdminLayout>
  );
}

function SettingRow({ setting, onSaved }: { setting: SettingView; onSaved: (setting: SettingView) => void }) {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const id = useId();
  const kind = kindOf(setting);
  const editable = canWrite && !READ_ONLY.has(setting.key);
  const initial =
    kind === 'secure' ? '' : typeof setting.value === 'boolean' ? setting.value : String(setting.value ?? '');
  const [draft, setDraft] = useState<string | boolean>(initial);
  const baseUnit = baseUnitOf(setting.key) ?? 'seconds';
  const [unit, setUnit] = useState<DurationUnit>(() =>
    kind === 'duration' && typeof setting.value === 'number' ? bestUnit(setting.value, baseUnit) : baseUnit,
  );
  // A duration is typed in the chosen unit and stored in the key's own unit.
  const inUnit = (stored: unknown) =>
    typeof stored === 'number' ? String((stored * UNIT_SECONDS[baseUnit]) / UNIT_SECONDS[unit]) : '';
  const [durationDraft, setDurationDraft] = useState(() =>
    kind === 'duration' ? inUnit(setting.value) : '',
  );
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | { failed: unknown }>('idle');
  const durationValue = () => {
    const typed = Number(durationDraft.trim());
    return durationDraft.trim() === '' || !Number.isFinite(typed)
      ? Number.NaN
      : (typed * UNIT_SECONDS[unit]) / UNIT_SECONDS[baseUnit];
  };
  const current = kind === 'duration' ? String(durationValue()) : draft;
  const changed = kind === 'secure' ? draft !== '' : current !== initial;
  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;

  function parsed(value: string | boolean): { value?: unknown; error?: string } {
    if (kind === 'boolean') return { value: Boolean(value) };
    if (kind === 'choice') {
      const choice = (choicesOf(setting.schema) ?? []).find((option) => String(option) === String(value));
      return choice === undefined ? { error: t('settings.invalid.choice') } : { value: choice };
    }
    if (kind === 'number' || kind === 'duration') {
      const { minimum, maximum, type } = setting.schema;
      const number = Number(String(value).trim());
      const whole = type === 'integer';
      const problem = outOfRange(kind, whole, baseUnit, minimum, maximum);
      if (String(value).trim() === '' || !Number.isFinite(number) || (whole && !Number.isInteger(number)))
        return { error: problem };
      if ((minimum !== undefined && number < minimum) || (maximum !== undefined && number > maximum))
        return { error: problem };
      return { value: number };
    }
    return { value: String(value) };
  }

  async function save(value: unknown) {
    setState('saving');
    try {
      const updated = await api.put<SettingView>(`/admin/settings/${encodeURIComponent(setting.key)}`, {
        value,
      });
      setState('saved');
      if (kind === 'secure') setDraft('');
      else setDraft(typeof updated.value === 'boolean' ? updated.value : String(updated.value ?? ''));
      if (kind === 'duration' && typeof updated.value === 'number') {
        const next = bestUnit(updated.value, baseUnit);
        setUnit(next);
        setDurationDraft(String((updated.value * UNIT_SECONDS[baseUnit]) / UNIT_SECONDS[next]));
      }
      onSaved(updated);
    } catch (failed) {
      setState({ failed });
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!editable || state === 'saving') return;
    const result = parsed(current);
    if (result.error) {
      setState({ failed: new Error(result.error) });
      return;
    }
    void save(result.value);
  }

  // Inline validation: a changed value that would be refused says so at once, before Save.
  const invalid = changed && kind !== 'secure' && kind !== 'boolean' ? parsed(current).error : undefined;
  const failure = typeof state === 'object' ? state.failed : invalid ? new Error(invalid) : null;
  const failureText =
    failure instanceof Error && !('code' in failure) ? failure.message : describeError(failure);
  const isDefault = kind !== 'secure' && setting.value === setting.default;

  let control: ReactNode;
  const common = {
    id,
    'aria-describedby': `${hintId} ${statusId}`,
    'aria-invalid': failure ? true : undefined,
    disabled: !editable,
  } as const;
  if (kind === 'boolean') {
    control = (
      <div className="choice">
        <input
          {...common}
          type="checkbox"
          role="switch"
          aria-checked={Boolean(draft)}
          checked={Boolean(draft)}
          onChange={(event) => setDraft(event.target.checked)}
        />
        <label htmlFor={id}>
          {labelOf(setting.key)} <code className="setting-key">{setting.key}</code>
        </label>
      </div>
    );
  } else if (kind === 'choice') {
    control = (
      <select {...common} value={String(draft)} onChange={(event) => setDraft(event.target.value)}>
        {(choicesOf(setting.schema) ?? []).map((choice) => (
          <option key={String(choice)} value={String(choice)}>
            {String(choice)}
          </option>
        ))}
      </select>
    );
  } else if (kind === 'duration') {
    control = (
      <div className="duration-control">
        <input
          {...common}
          type="number"
          inputMode="decimal"
          min={0}
          value={durationDraft}
          onChange={(event) => setDurationDraft(event.target.value)}
        />
        <select
          aria-label={t('settings.unitOf', { label: labelOf(setting.key) })}
          value={unit}
          disabled={!editable}
          onChange={(event) => {
            const next = event.target.value as DurationUnit;
            const typed = Number(durationDraft);
            if (durationDraft.trim() !== '' && Number.isFinite(typed))
              setDurationDraft(String((typed * UNIT_SECONDS[unit]) / UNIT_SECONDS[next]));
            setUnit(next);
          }}
        >
          {(Object.keys(UNIT_SECONDS) as DurationUnit[])
            .filter((option) => UNIT_SECONDS[option] >= UNIT_SECONDS[baseUnit])
            .map((option) => (
              <option key={option} value={option}>
                {t(UNIT_TEXT[option])}
              </option>
            ))}
        </select>
      </div>
    );
  } else {
    control = (
      <input
        {...common}
        type={kind === 'number' ? 'number' : kind === 'secure' ? 'password' : 'text'}
        inputMode={kind === 'number' && setting.schema.type === 'integer' ? 'numeric' : undefined}
        min={kind === 'number' ? setting.schema.minimum : undefined}
        max={kind === 'number' ? setting.schema.maximum : undefined}
        step={kind === 'number' && setting.schema.type === 'integer' ? 1 : undefined}
        maxLength={kind === 'string' || kind === 'secure' ? setting.schema.maxLength : undefined}
        autoComplete={kind === 'secure' ? 'new-password' : 'off'}
        spellCheck={false}
        placeholder={
          kind === 'secure'
            ? setting.configured
              ? t('settings.secure.placeholderSet')
              : t('settings.secure.placeholderNotSet')
            : undefined
        }
        value={String(draft)}
        onChange={(event) => setDraft(event.target.value)}
      />
    );
  }

  return (
    <form className="setting-row" noValidate onSubmit={onSubmit} aria-busy={state === 'saving'}>
      <div className="field">
        {kind === 'boolean' ? null : (
          <label htmlFor={id}>
            {labelOf(setting.key)} <code className="setting-key">{setting.key}</code>
          </label>
        )}
        {control}
        <p id={hintId} className="field-hint">
          {setting.description}{' '}
          {kind === 'secure'
            ? setting.configured
              ? t('settings.secure.set')
              : t('settings.secure.notSet')
            : `${t('settings.default', { value: display(setting.default, setting.key) })}${kind === 'duration' ? '' : limitsOf(setting.schema, kind)}`}
          {READ_ONLY.has(setting.key) ? ` ${t('settings.readOnly.baseUrl')}` : ''}
        </p>
        <p id={statusId} className={failure ? 'field-error' : 'setting-status'} role="status">
          {state === 'saved' ? t('settings.saved') : failure ? failureText : ''}
        </p>
      </div>
      {editable ? (
        <div className="setting-actions">
          <Button
            type="submit"
            variant="secondary"
            className="button-small"
            disabled={!changed || state === 'saving'}
          >
            {state === 'saving' ? t('common.saving') : t('settings.save')}
            <span className="visually-hidden"> {setting.key}</span>
          </Button>
          {kind === 'secure' && setting.configured ? (
            <Button
              variant="secondary"
              className="button-small"
              disabled={state === 'saving'}
              onClick={() => save('')}
            >
              {t('settings.clear')}
              <span className="visually-hidden"> {setting.key}</span>
            </Button>
          ) : null}
          {kind !== 'secure' && !isDefault ? (
            <Button
              variant="secondary"
              className="button-small"
              disabled={state === 'saving'}
              onClick={() => save(setting.default)}
            >
              {t('settings.reset')}
              <span className="visually-hidden"> {setting.key}</span>
            </Button>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}

function SmtpTest() {
  const api = useAdminApi();
  const { admin, canWrite } = useAdmin();
  const [to, setTo] = useState(admin.email);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | { failed: unknown }>('idle');
  if (!canWrite) return null;
  return (
    <form
      className="smtp-test"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const problem = emailError(to);
        setFieldError(problem);
        if (problem) return;
        setState('sending');
        try {
          await api.post('/admin/smtp/test', { to: to.trim() });
          setState('sent');
        } catch (failed) {
          setState({ failed });
        }
      }}
    >
      <h3 className="subheading">{t('settings.smtpTest.heading')}</h3>
      {state === 'sent' ? (
        <Notice title={t('settings.smtpTest.sent.title')}>
          <p>{t('settings.smtpTest.sent.body', { to: to.trim() })}</p>
        </Notice>
      ) : null}
      {typeof state === 'object' ? (
        <ErrorPanel title={t('settings.smtpTest.failed')}>
          <p>{describeError(state.failed)}</p>
        </ErrorPanel>
      ) : null}
      <TextField
        label={t('settings.smtpTest.to')}
        type="email"
        inputMode="email"
        spellCheck={false}
        autoCapitalize="off"
        value={to}
        error={fieldError}
        onChange={(event) => setTo(event.target.value)}
      />
      <Button type="submit" variant="secondary" disabled={state === 'sending'}>
        {state === 'sending' ? t('settings.smtpTest.sending') : t('settings.smtpTest.submit')}
      </Button>
    </form>
  );
}
