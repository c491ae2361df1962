import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { errorResponses } from '../app/errors.js';
import { isUiLocale, UiLocaleSchema } from '../config/ui-locales.js';

/**
 * The admin's replacements for the hosted UI's messages in one language (setting `ui.messages`,
 * docs/languages.md#overriding-messages): the UI lays them over its catalog. Messages nobody replaced are not
 * listed; the catalogs themselves ship with the UI.
 */
export function registerUiMessageRoutes(app: App, context: AppContext): void {
  app.get(
    '/api/user/messages',
    {
      // The sign-in page asks before anyone signs in.
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: "The admin's replacements for the hosted UI's messages in one language",
        querystring: Type.Object({
          locale: UiLocaleSchema,
        }),
        response: {
          200: Type.Object({
            locale: Type.String(),
            messages: Type.Record(Type.String(), Type.String(), {
              description:
                'Message key to the text that replaces it (placeholders such as {client} as in the catalog)',
            }),
          }),
          ...errorResponses(),
        },
      },
    },
    async (request, reply) => {
      const { locale } = request.query;
      const all = context.settings.get('ui.messages');
      const messages = isUiLocale(locale) && Object.hasOwn(all, locale) ? (all[locale] ?? {}) : {};
      // Cached briefly: a changed message reaches browsers within a minute.
      reply.header('cache-control', 'public, max-age=60');
      return { locale, messages };
    },
  );
}
