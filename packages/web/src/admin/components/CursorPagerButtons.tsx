import { Button } from '../../shared/Button';
import { t } from '../i18n/text';
import { goTo, withQuery } from '../navigation';

/**
 * The buttons of a list paged by the server's cursor (docs/admin.md): back to the first page once past it, and on
 * to the next page (disabled on the last page). `PagerButtons` only calls back; `CursorPagerButtons` navigates,
 * the page being part of the URL.
 */
export function PagerButtons({
  pastFirst,
  lastPage,
  firstLabel,
  onFirst,
  onNext,
}: {
  /** Showing a page after the first: First page is offered. */
  pastFirst: boolean;
  lastPage: boolean;
  firstLabel: string;
  onFirst: () => void;
  onNext: () => void;
}) {
  return (
    <div className="pager-buttons">
      {pastFirst ? (
        <Button variant="secondary" onClick={onFirst}>
          {firstLabel}
        </Button>
      ) : null}
      <Button variant="secondary" disabled={lastPage} onClick={onNext}>
        {t('layout.pager.next')}
      </Button>
    </div>
  );
}

/** PagerButtons for a list whose page is in the URL: `?query=` kept, `after=` the answer's `next_after`. */
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
    <PagerButtons
      pastFirst={Boolean(after)}
      lastPage={nextAfter === null}
      firstLabel={firstLabel}
      onFirst={() => goTo(withQuery(path, { query }))}
      onNext={() => goTo(withQuery(path, { query, after: nextAfter }))}
    />
  );
}

/**
 * The pager under a list a section pages in its own state (an organization's members, its invitations): nothing
 * while the whole list fits one page, else PagerButtons in a navigation landmark named after the list.
 */
export function SectionPager({
  what,
  after,
  nextAfter,
  firstLabel,
  onPage,
}: {
  /** The list's name, for the landmark's label. */
  what: string;
  /** The cursor of the page shown; empty on the first page. */
  after: string;
  nextAfter: string | null;
  firstLabel: string;
  /** Shows the page after this cursor (empty: the first page). */
  onPage: (after: string) => void;
}) {
  if (!after && nextAfter === null) return null;
  return (
    <nav className="pager" aria-label={t('layout.pager.label', { what })}>
      <PagerButtons
        pastFirst={Boolean(after)}
        lastPage={nextAfter === null}
        firstLabel={firstLabel}
        onFirst={() => onPage('')}
        onNext={() => onPage(nextAfter ?? '')}
      />
    </nav>
  );
}
