import type { AdminApiResponse } from '../shared/api-types/admin-api';
import type { AdminApi } from './session';
import type { UserView } from './types';

/**
 * The user whose address is `email` (compared case-insensitively, as the server stores addresses), or null.
 * Admins know people by their address; the organization API takes user ids. A form that finds nobody says
 * `users.lookup.noSuchUser`.
 */
export async function findUserByEmail(api: AdminApi, email: string): Promise<UserView | null> {
  const wanted = email.trim().toLowerCase();
  const query = new URLSearchParams({ query: wanted, limit: '200' });
  const found = await api.get<AdminApiResponse<'GET /admin/users'>>(`/admin/users?${query}`);
  return found.users.find((user) => user.email.toLowerCase() === wanted) ?? null;
}
