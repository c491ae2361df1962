import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { errorResponses } from '../app/errors.js';
import { publicIconPath } from './icon.js';

/**
 * The most apps one answer lists: an account page shows a handful, and the answer stays bounded however many clients
 * are registered (docs/users.md#for-apps).
 */
export const MAX_DASHBOARD_APPS = 100;

/**
 * The apps the account page lists (`showOnDashboard` clients with an app URL), for any signed-in user, a second
 * factor still owed included: the enrolment pages show them too.
 */
export function registerAppsDashboardRoutes(app: App, context: AppContext): void {
  app.get(
    '/api/user/apps',
    {
      config: { access: 'pending-second-factor' },
      schema: {
        tags: ['accounts'],
        summary: `Apps the user can open from the account page: by name, then client ID, at most ${MAX_DASHBOARD_APPS}`,
        response: {
          200: Type.Object({
            apps: Type.Array(
              Type.Object({
                client_id: Type.String(),
                name: Type.String(),
                logo_uri: Type.Union([Type.String(), Type.Null()]),
                icon_url: Type.Union([Type.String(), Type.Null()], {
                  description: 'The uploaded icon, served from this origin (versioned path), or null',
                }),
                app_url: Type.String(),
              }),
              { maxItems: MAX_DASHBOARD_APPS },
            ),
          }),
          ...errorResponses('not_signed_in'),
        },
      },
    },
    async () => {
      const clients = await context.clients.registry.dashboardApps(MAX_DASHBOARD_APPS);
      return {
        apps: clients.map((client) => ({
          client_id: client.id,
          name: client.name,
          logo_uri: client.logoUri,
          icon_url: client.icon ? publicIconPath(client.id, client.icon.etag) : null,
          app_url: client.appUrl!,
        })),
      };
    },
  );
}
