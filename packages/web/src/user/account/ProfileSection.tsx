import { type FormEvent, useState } from 'react';
import { api } from '../../shared/api';
import type { PublicApiBody, PublicApiResponse } from '../../shared/api-types/public-api';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
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
      <h2 id="profile-heading">Your name</h2>
      {state === 'saved' ? (
        <Notice title="Saved">
          <p>Apps see the new name the next time you sign in to them.</p>
        </Notice>
      ) : null}
      {typeof state === 'object' ? (
        <ErrorPanel title="We could not save your name">
          <p>{describeError(state.failed)}</p>
        </ErrorPanel>
      ) : null}
      <form noValidate onSubmit={onSubmit} aria-busy={state === 'saving'}>
        <TextField
          label="Name"
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
          {state === 'saving' ? 'Saving…' : 'Save name'}
        </Button>
      </form>
    </section>
  );
}
