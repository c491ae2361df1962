import { Button } from '../../shared/Button';
import { t } from '../i18n/text';

/** "Showing 51–100 of 230" with Previous and Next buttons, for offset-paged tables. */
export function Pager({
  offset,
  count,
  total,
  pageSize,
  onChange,
  label,
}: {
  offset: number;
  /** Rows on this page. */
  count: number;
  total: number;
  pageSize: number;
  onChange: (offset: number) => void;
  /** What is paged, for the navigation landmark's name ("Users"). */
  label: string;
}) {
  return (
    <nav className="pager" aria-label={t('layout.pager.label', { what: label })}>
      <p className="pager-status" role="status">
        {total === 0
          ? t('layout.pager.empty')
          : // As strings: the numbers are shown as they are, without grouping.
            t('layout.pager.showing', {
              first: String(offset + 1),
              last: String(offset + count),
              total: String(total),
            })}
      </p>
      <div className="pager-buttons">
        <Button
          variant="secondary"
          disabled={offset === 0}
          onClick={() => onChange(Math.max(0, offset - pageSize))}
        >
          {t('layout.pager.previous')}
        </Button>
        <Button
          variant="secondary"
          disabled={offset + count >= total}
          onClick={() => onChange(offset + pageSize)}
        >
          {t('layout.pager.next')}
        </Button>
      </div>
    </nav>
  );
}
