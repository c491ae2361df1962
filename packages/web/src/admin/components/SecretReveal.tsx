import { type ReactNode, useId, useRef, useState } from 'react';
import { Button } from '../../shared/Button';
import { t } from '../i18n/text';

/**
 * A secret the server returns exactly once (a client secret on creation or rotation): shown in a read-only field
 * with a copy button, and a plain warning that it cannot be shown again.
 */
export function SecretReveal({
  title,
  label,
  secret,
  children,
}: {
  title: string;
  label: string;
  secret: string;
  children?: ReactNode;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(secret);
      setCopyState('copied');
    } catch {
      // Without clipboard access (permissions, an insecure origin) the admin copies it by hand: select it for them.
      inputRef.current?.focus();
      inputRef.current?.select();
      setCopyState('failed');
    }
  }

  return (
    <section className="secret-reveal" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p>
        <strong>{t('layout.secret.warning')}</strong> {t('layout.secret.advice')}
      </p>
      <label htmlFor={id}>{label}</label>
      <div className="secret-row">
        <input
          ref={inputRef}
          id={id}
          className="secret-value"
          type="text"
          readOnly
          value={secret}
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
          data-testid="revealed-secret"
        />
        <Button variant="secondary" onClick={copy}>
          {t('common.copy')}
        </Button>
      </div>
      <p className="copy-status" role="status">
        {copyState === 'copied' ? t('layout.secret.copied') : null}
        {copyState === 'failed' ? t('layout.secret.copyRefused') : null}
      </p>
      {children}
    </section>
  );
}
