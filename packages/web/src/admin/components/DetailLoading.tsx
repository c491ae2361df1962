import { ErrorPanel } from '../../shared/ErrorPanel';
import { Loading } from '../../shared/Loading';
import { describeError } from '../error-text';
import { AdminLayout } from './AdminLayout';

/** A detail page whose data has not arrived: the layout with a loading line, or why the load failed. */
export function DetailLoading({
  title,
  breadcrumb,
  failedTitle,
  error,
}: {
  title: string;
  breadcrumb: { to: string; label: string };
  failedTitle: string;
  error: unknown;
}) {
  return (
    <AdminLayout title={title} breadcrumb={breadcrumb}>
      {error ? (
        <ErrorPanel title={failedTitle}>
          <p>{describeError(error)}</p>
        </ErrorPanel>
      ) : (
        <Loading />
      )}
    </AdminLayout>
  );
}
