import { useI18n } from './i18n/I18n';
import { Page } from './Page';
import { Link } from './router';

/** Shown for any path the app has no page for (the server sends index.html for every path under the base). */
export function NotFoundPage() {
  const { t } = useI18n();
  return (
    <Page title={t('notFound.title')}>
      <p>{t('notFound.text')}</p>
      <p>
        <Link to="/">{t('notFound.startPage')}</Link>
      </p>
    </Page>
  );
}
