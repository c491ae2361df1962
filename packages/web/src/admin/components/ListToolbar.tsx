import { Link } from '../../shared/router';
import { useAdmin } from '../session';
import { SearchForm } from './SearchForm';

/** Above a searchable list: the search box, and for write admins the link that creates a new entry. */
export function ListToolbar({
  label,
  hint,
  query,
  onSearch,
  create,
}: {
  label: string;
  hint: string;
  query: string;
  onSearch: (value: string) => void;
  create: { to: string; label: string };
}) {
  const { canWrite } = useAdmin();
  return (
    <div className="toolbar">
      <SearchForm label={label} hint={hint} initial={query} onSearch={onSearch} />
      {canWrite ? (
        <Link to={create.to} className="link-button">
          {create.label}
        </Link>
      ) : null}
    </div>
  );
}
