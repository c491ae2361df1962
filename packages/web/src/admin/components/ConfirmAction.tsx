import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '../../shared/Button';
import { t } from '../i18n/text';

/**
 * A destructive or far-reaching action in two steps, in the page (no browser dialog): the first button asks,
 * the second does it. Focus moves to the question, and back to the first button on cancel.
 */
export function ConfirmAction({
  label,
  question,
  confirmLabel,
  busyLabel,
  onConfirm,
  disabled,
  danger = true,
}: {
  label: string;
  question: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  /** Resolves when done; the caller shows the outcome (this only tracks the busy state). */
  onConfirm: () => Promise<void>;
  disabled?: boolean;
  danger?: boolean;
}) {
  const [state, setState] = useState<'idle' | 'confirming' | 'busy'>('idle');
  const questionRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (state === 'confirming') questionRef.current?.focus();
  }, [state]);

  if (state === 'idle') {
    return (
      <Button ref={openerRef} variant="secondary" disabled={disabled} onClick={() => setState('confirming')}>
        {label}
      </Button>
    );
  }
  return (
    <div className="confirm-box" ref={questionRef} tabIndex={-1}>
      <div className="confirm-question">{question}</div>
      <div className="form-actions">
        <Button
          variant={danger ? 'danger' : 'primary'}
          disabled={state === 'busy'}
          onClick={async () => {
            setState('busy');
            try {
              await onConfirm();
            } finally {
              if (mounted.current) setState('idle');
            }
          }}
        >
          {state === 'busy' ? busyLabel : confirmLabel}
        </Button>
        <Button
          variant="secondary"
          disabled={state === 'busy'}
          onClick={() => {
            setState('idle');
            requestAnimationFrame(() => openerRef.current?.focus());
          }}
        >
          {t('common.cancel')}
        </Button>
      </div>
    </div>
  );
}
