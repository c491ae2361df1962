import { useState } from 'react';
import { Button } from '../../../shared/Button';
import { ErrorPanel } from '../../../shared/ErrorPanel';
import { Page } from '../../../shared/Page';
import { TextField } from '../../../shared/TextField';
import { PORTAL_NAME } from '../../components/AdminLayout';
import { describeError } from '../../error-text';
import { t } from '../../i18n/text';

/** The token out of a pasted install link (`…/setup#token=…`), or the pasted token itself. */
function tokenFromPaste(text: string): string {
  const trimmed = text.trim();
  return trimmed.includes('#token=') ? (trimmed.split('#token=')[1] ?? '') : trimmed;
}

/** Without a (valid) token in the link, the operator may paste the link or the token itself. */
export function TokenEntry({ problem, onToken }: { problem: unknown; onToken: (token: string) => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <Page title={t('setup.title')} siteName={PORTAL_NAME}>
      {problem ? (
        <ErrorPanel title={t('setup.token.invalid')}>
          <p>{describeError(problem)}</p>
        </ErrorPanel>
      ) : (
        <p className="lead">{t('setup.token.intro')}</p>
      )}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const token = tokenFromPaste(value);
          if (token.length < 20) {
            setError(t('setup.token.error'));
            return;
          }
          setError(undefined);
          onToken(token);
        }}
      >
        <TextField
          label={t('setup.token.label')}
          hint={t('setup.token.hint')}
          value={value}
          error={error}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setValue(event.target.value)}
        />
        <div className="form-actions">
          <Button type="submit">{t('setup.token.continue')}</Button>
        </div>
      </form>
    </Page>
  );
}
