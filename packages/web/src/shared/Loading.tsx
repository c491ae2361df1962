import { useI18n } from './i18n/I18n';

/** A short "loading" line, announced politely; shown while a page asks the server what to display. */
export function Loading({ children }: { children?: string }) {
  const { t } = useI18n();
  return (
    <p className="loading" role="status">
      {children ?? t('common.loading')}
    </p>
  );
}
