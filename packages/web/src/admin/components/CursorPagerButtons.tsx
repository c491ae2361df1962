import { Button } from '../../shared/Button';
import { t } from '../i18n/text';
import { goTo, withQuery } from '../navigation';

/**
 * The buttons of a list paged by the server's cursor (docs/admin.md): back to the first page once past it, and on
 * to the page the answer's `next_after` starts (disabled on the last page). The query is kept on both.
 */
export function CursorPagerButtons({
  path,
  query,
  after,
  nextAfter,
  firstLabel,
}: {
  path: string;
  query: string;
  /** The cursor of the page shown; empty on the first page. */
  after: string;
  nextAfter: string | null;
  firstLabel: string;
}) {
  return (
    <div className="pager-buttons">
      {after ? (
        <Button variant="secondary" onClick={() => goTo(withQuery(path, { query }))}>
          {firstLabel}
        </Button>
      ) : null}
      <Button
        variant="secondary"
        disabled={nextAfter === null}
        onClick={() => goTo(withQuery(path, { query, after: nextAfter }))}
      >
        {t('layout.pager.next')}
      </Button>
    </div>
  );
}
