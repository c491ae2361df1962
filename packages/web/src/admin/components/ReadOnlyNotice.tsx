import { t } from '../i18n/text';
import { useAdmin } from '../session';

/** Tells a read-only admin why the page's changing controls are missing or disabled. */
export function ReadOnlyNotice() {
  const { canWrite } = useAdmin();
  if (canWrite) return null;
  return <p className="read-only-notice">{t('layout.readOnly')}</p>;
}
