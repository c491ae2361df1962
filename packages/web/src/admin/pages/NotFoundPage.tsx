import { Link } from '../../shared/router';
import { AdminLayout } from '../components/AdminLayout';

/** Any portal path without a page (the server sends the portal for every path outside its APIs). */
export function AdminNotFoundPage() {
  return (
    <AdminLayout title="Page not found">
      <p>There is no page at this address in the admin portal.</p>
      <p>
        <Link to="/">Go to the overview</Link>
      </p>
    </AdminLayout>
  );
}
