import { Link } from '../../shared/router';
import { AdminLayout } from '../components/AdminLayout';
import { t } from '../i18n/text';

/** Any portal path without a page (the server sends the portal for every path outside its APIs). */
export function AdminNotFoundPage() {
  return (
    <AdminLayout title={t('layout.notFound.title')}>
      <p>{t('layout.notFound.body')}</p>
      <p>
        <Link to="/">{t('layout.notFound.overviewLink')}</Link>
      </p>
    </AdminLayout>
  );
}
