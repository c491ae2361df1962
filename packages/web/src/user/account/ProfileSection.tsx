import { type FormEvent, useState } from 'react';
import { api } from '../../shared/api';
import type { PublicApiBody, PublicApiResponse } from '../../shared/api-types/public-api';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { useI18n } from '../../shared/i18n/I18n';
import { Notice } from '../../shared/Notice';
import { TextField } from '../../shared/TextField';
import { describeError } from '../error-text';
import { csrfHeaders } from '../session';
import { nameError } from '../validation';
import type { Profile } from './profile';

/** The display name apps receive (the `name` claim). */
export function ProfileSection({
  profile,
  csrfToken,
  onSaved,
}: {
  profile: Profile;
  csrfToken: string;
  onSaved: (profile: Profile) => void;
}) {
  const [name, setName] = useState(profile.name);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | { failed: unknown }>('idle');
  const { t } = useI18n();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state === 'saving') return;
    const problem = nameError(name);
    setFieldError(problem);
    if (problem) return;
    setState('saving');
    try {
      const saved = await api.put<PublicApiResponse<'PUT /api/user/profile'>>(
        '/api/user/profile',
        { name: name.trim() } satisfies PublicApiBody<'PUT /api/user/profile'>,
        { headers: csrfHeaders(csrfToken) },
      );
      setName(saved.name);
      onSaved(saved);
      setState('saved');
    } catch (failed) {
      setState({ failed });
    }
  }

  return (
    <section className="section" aria-labelledby="profile-heading">
      <h2 id="profile-heading">{t('profile.title')}</h2>
      {state === 'saved' ? (
        <Notice title={t('profile.saved')}>
          <p>{t('profile.savedText')}</p>
        </Notice>
      ) : null}
      {typeof state === 'object' ? (
        <ErrorPanel title={t('profile.saveFailed')}>
          <p>{describeError(state.failed)}</p>
        </ErrorPanel>
      ) : null}
      <form noValidate onSubmit={onSubmit} aria-busy={state === 'saving'}>
        <TextField
          label={t('profile.name')}
          name="name"
          autoComplete="name"
          value={name}
          error={fieldError}
          onChange={(event) => {
            setName(event.target.value);
            if (state === 'saved') setState('idle');
          }}
        />
        <Button type="submit" variant="secondary" disabled={state === 'saving'}>
          {state === 'saving' ? t('common.saving') : t('profile.save')}
        </Button>
      </form>
    </section>
  );
}
