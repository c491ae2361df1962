import { useBrand } from '../../shared/brand';
import { useI18n } from '../../shared/i18n/I18n';
import { Page } from '../../shared/Page';
import { Link } from '../../shared/router';

export function HomePage() {
  const { t } = useI18n();
  const brand = useBrand();
  // The configured product name (docs/branding.md), once known.
  const product = brand.loading ? '' : brand.productName;
  return (
    <Page title={product}>
      <p>{t('home.intro', { product })}</p>
      <div className="form-actions">
        <Link to="/account" className="link-button">
          {t('home.goToAccount')}
        </Link>
        <Link to="/sign-in">{t('common.signIn')}</Link>
      </div>
    </Page>
  );
}
