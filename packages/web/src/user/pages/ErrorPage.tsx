import { ErrorPanel } from '../../shared/ErrorPanel';
import { useI18n } from '../../shared/i18n/I18n';
import { Page } from '../../shared/Page';
import { useRouter } from '../../shared/router';
import { explainOAuthError } from './oauth-error-text';

// Anyone can craft a link to this page, so the query text is attacker-controlled: it is rendered as text only
// (React escapes it), shown as technical detail rather than as our own words, and kept short.
const MAX_DETAIL_LENGTH = 300;

function clip(text: string | null): string | null {
  if (!text) return null;
  return text.length > MAX_DETAIL_LENGTH ? `${text.slice(0, MAX_DETAIL_LENGTH)}…` : text;
}

/** Where the server sends the browser when it must not redirect back to the app (`?error=&error_description=`). */
export function ErrorPage() {
  const { searchParams } = useRouter();
  const code = clip(searchParams.get('error'));
  const description = clip(searchParams.get('error_description'));
  const { t } = useI18n();
  return (
    <Page title={t('errorPage.title')}>
      <ErrorPanel title={t('errorPage.panelTitle')}>
        <p>{explainOAuthError(code)}</p>
      </ErrorPanel>
      <p>{t('errorPage.closeHint')}</p>
      {code ? (
        <section className="technical-details" aria-labelledby="technical-details-heading">
          <h2 id="technical-details-heading">{t('errorPage.technicalDetails')}</h2>
          <dl>
            <dt>{t('errorPage.errorCode')}</dt>
            <dd>
              <code data-testid="error-code">{code}</code>
            </dd>
            {description ? (
              <>
                <dt>{t('errorPage.description')}</dt>
                <dd>
                  <code data-testid="error-description">{description}</code>
                </dd>
              </>
            ) : null}
          </dl>
        </section>
      ) : null}
    </Page>
  );
}
