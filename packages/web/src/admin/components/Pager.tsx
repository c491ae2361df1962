import { Button } from '../../shared/Button';

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
    <nav className="pager" aria-label={`${label} pages`}>
      <p className="pager-status" role="status">
        {total === 0 ? 'No results.' : `Showing ${offset + 1}–${offset + count} of ${total}.`}
      </p>
      <div className="pager-buttons">
        <Button
          variant="secondary"
          disabled={offset === 0}
          onClick={() => onChange(Math.max(0, offset - pageSize))}
        >
          Previous page
        </Button>
        <Button
          variant="secondary"
          disabled={offset + count >= total}
          onClick={() => onChange(offset + pageSize)}
        >
          Next page
        </Button>
      </div>
    </nav>
  );
}
