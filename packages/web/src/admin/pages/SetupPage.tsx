import { type FormEvent, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { ApiError, apiRequest } from '../../shared/api';
import { Button } from '../../shared/Button';
import { CheckboxField } from '../../shared/CheckboxField';
import { EmailField } from '../../shared/EmailField';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Loading } from '../../shared/Loading';
import { NewPasswordField } from '../../shared/NewPasswordField';
import { Notice } from '../../shared/Notice';
import { Page } from '../../shared/Page';
import { PasswordField } from '../../shared/PasswordField';
import { RadioGroup } from '../../shared/RadioGroup';
import { navigate } from '../../shared/router';
import { SelectField } from '../../shared/SelectField';
import { TextField } from '../../shared/TextField';
import { PORTAL_NAME } from '../components/AdminLayout';
import { describeError, errorCode } from '../error-text';
import { completeInstall, preloadOpaque, type SmtpInput } from '../opaque-flows';
import { useSession } from '../session';
import {
  emailError,
  focusFirstInvalid,
  httpsUrlError,
  NEW_PASSWORD_HINT,
  newPasswordError,
} from '../validation';

/** The install token from the link's fragment (`#token=…`): never sent to the server in a URL, nor logged. */
function tokenFromFragment(): string {
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  return fragment.get('token')?.trim() ?? '';
}

type Check =
  | { state: 'checking' }
  | { state: 'installed' }
  | { state: 'needs_token'; problem: unknown }
  | { state: 'ready'; token: string }
  | { state: 'failed'; error: unknown };

const SECURITY_OPTIONS = [
  { value: 'starttls', label: 'STARTTLS (usually port 587)' },
  { value: 'tls', label: 'TLS from the start (usually port 465)' },
  { value: 'none', label: 'None (only for a relay on this machine)' },
] as const;

interface SmtpForm {
  host: string;
  port: string;
  security: SmtpInput['security'];
  user: string;
  password: string;
  from: string;
}

const STEPS = ['Administrator', 'Service', 'Email', 'Review'] as const;

/**
 * First-run install (admin port, `/setup#token=…`): the first admin's account (OPAQUE registration in this
 * browser), the product name and public address, whether people may register themselves, and optionally SMTP
 * with a test message. Nothing is saved until the last step; every step is checked by the server again.
 */
export function SetupPage() {
  const [check, setCheck] = useState<Check>({ state: 'checking' });
  const [attempt, setAttempt] = useState(() => ({ token: tokenFromFragment() }));

  useEffect(() => {
    // The token has done its job in the address bar: keep it out of history, bookmarks and screenshots.
    if (window.location.hash) window.history.replaceState(null, '', window.location.pathname);
    preloadOpaque();
  }, []);

  useEffect(() => {
    let current = true;
    (async () => {
      const status = await apiRequest<{ installed: boolean }>('GET', '/install');
      if (status.installed) return { state: 'installed' } as const;
      if (!attempt.token) return { state: 'needs_token', problem: null } as const;
      try {
        await apiRequest('POST', '/install/validate', { body: { token: attempt.token } });
        return { state: 'ready', token: attempt.token } as const;
      } catch (error) {
        if (error instanceof ApiError && error.code === 'install_complete')
          return { state: 'installed' } as const;
        if (error instanceof ApiError && (error.status === 400 || error.status === 401))
          return { state: 'needs_token', problem: error } as const;
        throw error;
      }
    })().then(
      (result) => current && setCheck(result),
      (error: unknown) => current && setCheck({ state: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  switch (check.state) {
    case 'checking':
      return (
        <Page title="Install Tessera" siteName={PORTAL_NAME}>
          <Loading>Checking the install link…</Loading>
        </Page>
      );
    case 'installed':
      return <AlreadyInstalled />;
    case 'failed':
      return (
        <Page title="Install Tessera" siteName={PORTAL_NAME}>
          <ErrorPanel title="The install page could not start">
            <p>{describeError(check.error)}</p>
          </ErrorPanel>
          <Button onClick={() => setAttempt((previous) => ({ ...previous }))}>Try again</Button>
        </Page>
      );
    case 'needs_token':
      return <TokenEntry problem={check.problem} onToken={(token) => setAttempt({ token })} />;
    default:
      return <Wizard token={check.token} />;
  }
}

function AlreadyInstalled() {
  const { refresh } = useSession();
  return (
    <Page title="Tessera is installed" siteName={PORTAL_NAME}>
      <p>This service is already installed, so the install page is closed for good.</p>
      <p>
        <Button
          onClick={() => {
            refresh();
            navigate('/');
          }}
        >
          Go to sign-in
        </Button>
      </p>
    </Page>
  );
}

/** Without a (valid) token in the link, the operator may paste the link or the token itself. */
function TokenEntry({ problem, onToken }: { problem: unknown; onToken: (token: string) => void }) {
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
          const text = value.trim();
          const token = text.includes('#token=') ? (text.split('#token=')[1] ?? '') : text;
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

function Wizard({ token }: { token: string }) {
  const [step, setStep] = useState(0);
  const [email, setEmail] = useState('');
  const [adminName, setAdminName] = useState('');
  const [password, setPassword] = useState('');
  const [productName, setProductName] = useState('Tessera');
  const [baseUrl, setBaseUrl] = useState('');
  const [selfRegistration, setSelfRegistration] = useState<'closed' | 'open'>('closed');
  const [configureSmtp, setConfigureSmtp] = useState(false);
  const [smtp, setSmtp] = useState<SmtpForm>({
    host: '',
    port: '587',
    security: 'starttls',
    user: '',
    password: '',
    from: '',
  });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [installing, setInstalling] = useState(false);
  const [installError, setInstallError] = useState<unknown>(null);
  const [done, setDone] = useState<{ restart: boolean } | null>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const firstRender = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: step and done are the triggers.
  useEffect(() => {
    // Each new step announces itself: focus its heading (not on the first render: the page heading comes first).
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    stepHeading.current?.focus();
  }, [step, done]);

  const smtpInput = (): SmtpInput => ({
    host: smtp.host.trim(),
    port: Number(smtp.port),
    security: smtp.security,
    ...(smtp.user ? { user: smtp.user } : {}),
    ...(smtp.password ? { password: smtp.password } : {}),
    from: smtp.from.trim(),
  });

  function validate(current: number): Record<string, string | undefined> {
    if (current === 0) return { email: emailError(email), password: newPasswordError(password) };
    if (current === 1)
      return {
        productName: productName.trim() === '' ? 'Enter the name people will see.' : undefined,
        baseUrl: httpsUrlError(baseUrl, 'address'),
      };
    if (current === 2 && configureSmtp) {
      const port = Number(smtp.port);
      return {
        host: smtp.host.trim() === '' ? 'Enter the SMTP server’s host name.' : undefined,
        port:
          Number.isInteger(port) && port >= 1 && port <= 65535 ? undefined : 'Enter a port from 1 to 65535.',
        from:
          smtp.from.trim().length < 3
            ? 'Enter the sender address, like “Acme ID <id@acme.example>”.'
            : undefined,
      };
    }
    return {};
  }

  function onNext(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(step);
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      focusFirstInvalid(formRef.current);
      return;
    }
    if (step < STEPS.length - 1) {
      setStep(step + 1);
      return;
    }
    void install();
  }

  async function install() {
    setInstalling(true);
    setInstallError(null);
    try {
      const result = await completeInstall({
        token,
        email: email.trim(),
        password,
        adminName: adminName.trim(),
        productName: productName.trim(),
        baseUrl: baseUrl.trim(),
        selfRegistration: selfRegistration === 'open',
        smtp: configureSmtp ? smtpInput() : null,
      });
      setPassword('');
      setDone({ restart: result.baseUrlAppliesAfterRestart });
    } catch (error) {
      setInstallError(error);
    } finally {
      setInstalling(false);
    }
  }

  if (done) return <Installed email={email.trim()} restart={done.restart} headingRef={stepHeading} />;

  const stepTitle = `Step ${step + 1} of ${STEPS.length}: ${STEPS[step]}`;
  return (
    <Page title="Install Tessera" siteName={PORTAL_NAME}>
      <ol className="steps" aria-label="Install steps">
        {STEPS.map((name, index) => (
          <li
            key={name}
            className={index === step ? 'step-current' : index < step ? 'step-done' : undefined}
            aria-current={index === step ? 'step' : undefined}
          >
            {name}
          </li>
        ))}
      </ol>
      <form ref={formRef} noValidate onSubmit={onNext} aria-busy={installing}>
        <h2 ref={stepHeading} tabIndex={-1}>
          {stepTitle}
        </h2>
        {step === 0 ? (
          <>
            <p>The first administrator can do everything here, including adding more admins.</p>
            <EmailField
              label="Admin email address"
              name="email"
              autoComplete="username"
              value={email}
              error={errors.email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <TextField
              label="Your name (optional)"
              name="name"
              autoComplete="name"
              value={adminName}
              onChange={(event) => setAdminName(event.target.value)}
            />
            <NewPasswordField
              label="Admin password"
              name="new-password"
              hint={`${NEW_PASSWORD_HINT} It never leaves this browser: the server stores only an OPAQUE record.`}
              value={password}
              error={errors.password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </>
        ) : null}
        {step === 1 ? (
          <>
            <TextField
              label="Product name"
              hint="Shown to people on the sign-in pages and in emails."
              name="product-name"
              value={productName}
              maxLength={80}
              error={errors.productName}
              onChange={(event) => setProductName(event.target.value)}
            />
            <TextField
              label="Public address (optional)"
              hint="The address apps and people use, e.g. https://id.example.com. It becomes the issuer and takes effect when the service restarts. Leave empty to keep the configured one."
              name="base-url"
              type="url"
              inputMode="url"
              spellCheck={false}
              autoCapitalize="off"
              value={baseUrl}
              error={errors.baseUrl}
              onChange={(event) => setBaseUrl(event.target.value)}
            />
            <RadioGroup
              legend="Who may create accounts?"
              name="self-registration"
              value={selfRegistration}
              onChange={setSelfRegistration}
              options={[
                {
                  value: 'closed',
                  label: 'Only administrators',
                  hint: 'Admins create accounts here; the sign-in page offers no registration.',
                },
                {
                  value: 'open',
                  label: 'Anyone, from the sign-in page',
                  hint: 'People create their own accounts (and confirm their email address when email is set up).',
                },
              ]}
            />
          </>
        ) : null}
        {step === 2 ? (
          <SmtpStep
            token={token}
            adminEmail={email.trim()}
            configure={configureSmtp}
            onConfigure={setConfigureSmtp}
            smtp={smtp}
            onChange={setSmtp}
            errors={errors}
            smtpInput={smtpInput}
            validate={() => validate(2)}
            onInvalid={(found) => {
              setErrors(found);
              focusFirstInvalid(formRef.current);
            }}
          />
        ) : null}
        {step === 3 ? (
          <>
            <p>
              Check your choices. Installing creates the admin account and closes this install page for good.
            </p>
            <dl className="summary-list">
              <SummaryRow term="Admin">{email.trim()}</SummaryRow>
              <SummaryRow term="Product name">{productName.trim()}</SummaryRow>
              <SummaryRow term="Public address">{baseUrl.trim() || 'unchanged'}</SummaryRow>
              <SummaryRow term="Accounts">
                {selfRegistration === 'open' ? 'Anyone may register' : 'Created by administrators'}
              </SummaryRow>
              <SummaryRow term="Email">
                {configureSmtp ? `${smtp.host.trim()}:${smtp.port} (${smtp.security})` : 'Not configured yet'}
              </SummaryRow>
            </dl>
            {installError ? (
              <ErrorPanel title="The install did not finish">
                <p>{describeError(installError)}</p>
                {errorCode(installError) === 'invalid_request' ? (
                  <p>Go back and check the step the message names.</p>
                ) : null}
              </ErrorPanel>
            ) : null}
          </>
        ) : null}
        <div className="form-actions">
          <Button type="submit" disabled={installing}>
            {step < STEPS.length - 1 ? 'Continue' : installing ? 'Installing…' : 'Install'}
          </Button>
          {step > 0 ? (
            <Button variant="secondary" disabled={installing} onClick={() => setStep(step - 1)}>
              Back
            </Button>
          ) : null}
        </div>
      </form>
    </Page>
  );
}

function SummaryRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function SmtpStep({
  token,
  adminEmail,
  configure,
  onConfigure,
  smtp,
  onChange,
  errors,
  smtpInput,
  validate,
  onInvalid,
}: {
  token: string;
  adminEmail: string;
  configure: boolean;
  onConfigure: (value: boolean) => void;
  smtp: SmtpForm;
  onChange: (smtp: SmtpForm) => void;
  errors: Record<string, string | undefined>;
  smtpInput: () => SmtpInput;
  validate: () => Record<string, string | undefined>;
  onInvalid: (errors: Record<string, string | undefined>) => void;
}) {
  const [testTo, setTestTo] = useState(adminEmail);
  const [testToError, setTestToError] = useState<string | undefined>();
  const [test, setTest] = useState<'idle' | 'sending' | 'sent' | { failed: unknown }>('idle');
  const set = (patch: Partial<SmtpForm>) => onChange({ ...smtp, ...patch });

  async function sendTest() {
    const found = validate();
    const toError = emailError(testTo);
    setTestToError(toError);
    if (Object.values(found).some(Boolean) || toError) {
      onInvalid(found);
      return;
    }
    setTest('sending');
    try {
      await apiRequest('POST', '/install/smtp-test', {
        body: { token, smtp: smtpInput(), to: testTo.trim() },
      });
      setTest('sent');
    } catch (failed) {
      setTest({ failed });
    }
  }

  return (
    <>
      <p>
        Email lets people confirm their address and reset a forgotten password. You can also set it up later
        under Settings.
      </p>
      <CheckboxField
        label="Set up email (SMTP) now"
        checked={configure}
        onChange={(event) => onConfigure(event.target.checked)}
      />
      {configure ? (
        <fieldset className="section">
          <legend>SMTP server</legend>
          <TextField
            label="Host"
            name="smtp-host"
            spellCheck={false}
            autoCapitalize="off"
            value={smtp.host}
            error={errors.host}
            onChange={(event) => set({ host: event.target.value })}
          />
          <TextField
            label="Port"
            name="smtp-port"
            type="number"
            inputMode="numeric"
            min={1}
            max={65535}
            value={smtp.port}
            error={errors.port}
            onChange={(event) => set({ port: event.target.value })}
          />
          <SelectField
            label="Connection security"
            options={SECURITY_OPTIONS}
            value={smtp.security}
            onChange={(event) => set({ security: event.target.value as SmtpInput['security'] })}
          />
          <TextField
            label="User name (optional)"
            name="smtp-user"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="off"
            value={smtp.user}
            onChange={(event) => set({ user: event.target.value })}
          />
          <PasswordField
            label="SMTP password (optional)"
            name="smtp-password"
            autoComplete="new-password"
            hint="Stored encrypted; never shown again."
            value={smtp.password}
            onChange={(event) => set({ password: event.target.value })}
          />
          <TextField
            label="Sender address"
            hint="For example: Acme ID <id@acme.example>"
            name="smtp-from"
            spellCheck={false}
            value={smtp.from}
            error={errors.from}
            onChange={(event) => set({ from: event.target.value })}
          />
          <div className="inline-test">
            <EmailField
              label="Send a test email to"
              value={testTo}
              error={testToError}
              onChange={(event) => setTestTo(event.target.value)}
            />
            <Button variant="secondary" onClick={sendTest} disabled={test === 'sending'}>
              {test === 'sending' ? 'Sending…' : 'Send test email'}
            </Button>
          </div>
          {test === 'sent' ? (
            <Notice title="Test email sent">
              <p>Check that it arrived at {testTo.trim()}.</p>
            </Notice>
          ) : null}
          {typeof test === 'object' ? (
            <ErrorPanel title="The test email could not be sent">
              <p>{describeError(test.failed)}</p>
            </ErrorPanel>
          ) : null}
        </fieldset>
      ) : null}
    </>
  );
}

function Installed({
  email,
  restart,
  headingRef,
}: {
  email: string;
  restart: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const { refresh } = useSession();
  return (
    <Page title="Install Tessera" siteName={PORTAL_NAME}>
      <div className="notice" role="status">
        <h2 className="notice-title" ref={headingRef} tabIndex={-1}>
          Tessera is installed
        </h2>
        <p>
          The admin account <strong>{email}</strong> is ready and this install page is now closed.
        </p>
        {restart ? <p>The new public address takes effect when you restart the service.</p> : null}
      </div>
      <p>
        <Button
          onClick={() => {
            refresh();
            navigate('/');
          }}
        >
          Continue to sign in
        </Button>
      </p>
    </Page>
  );
}
