import { useEffect, useId, useState } from 'react';
import { Button } from '../../shared/Button';
import { t } from '../i18n/text';

/**
 * A search box that searches on submit (Enter or the button), so typing does not flood the server or move the
 * results under a screen reader. A role="search" landmark.
 */
export function SearchForm({
  label,
  hint,
  initial,
  onSearch,
}: {
  label: string;
  hint?: string;
  initial: string;
  onSearch: (value: string) => void;
}) {
  const id = useId();
  const [value, setValue] = useState(initial);
  // Back and forward change the query in the URL: show it.
  useEffect(() => setValue(initial), [initial]);
  return (
    <search>
      <form
        className="search-form"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(value.trim());
        }}
      >
        <label htmlFor={id}>{label}</label>
        {hint ? (
          <p id={`${id}-hint`} className="field-hint">
            {hint}
          </p>
        ) : null}
        <div className="search-row">
          <input
            id={id}
            type="search"
            value={value}
            aria-describedby={hint ? `${id}-hint` : undefined}
            spellCheck={false}
            autoCapitalize="off"
            onChange={(event) => setValue(event.target.value)}
          />
          <Button type="submit" variant="secondary">
            {t('common.search')}
          </Button>
        </div>
      </form>
    </search>
  );
}
