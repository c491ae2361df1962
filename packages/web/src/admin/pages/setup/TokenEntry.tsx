import { useState } from 'react';
import { Button } from '../../../shared/Button';
import { ErrorPanel } from '../../../shared/ErrorPanel';
import { Page } from '../../../shared/Page';
import { TextField } from '../../../shared/TextField';
import { PORTAL_NAME } from '../../components/AdminLayout';
import { describeError } from '../../error-text';

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
    <Page title="Install Tessera" siteName={PORTAL_NAME}>
      {problem ? (
        <ErrorPanel title="This install link does not work">
          <p>{describeError(problem)}</p>
        </ErrorPanel>
      ) : (
        <p className="lead">To install, open the install link the service printed when it started.</p>
      )}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const token = tokenFromPaste(value);
          if (token.length < 20) {
            setError('Paste the whole install link, or the token after “#token=”.');
            return;
          }
          setError(undefined);
          onToken(token);
        }}
      >
        <TextField
          label="Install link or token"
          hint="The service prints it once at start: First-run install: …/setup#token=…"
          value={value}
          error={error}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setValue(event.target.value)}
        />
        <div className="form-actions">
          <Button type="submit">Continue</Button>
        </div>
      </form>
    </Page>
  );
}
