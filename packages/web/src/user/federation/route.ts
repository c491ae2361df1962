import { api } from '../../shared/api';
import type { PublicApiResponse } from '../../shared/api-types/public-api';

/**
 * Where an address signs in (GET /federation/route): the start URL of its organization's identity provider, with
 * what the sign-in resumes afterwards (the app's request or a page of this UI), or null for local sign-in.
 */
export async function federatedStartUrl(
  email: string,
  resume: { requestId: string | null; returnTo: string | null },
): Promise<string | null> {
  const route = await api.get<PublicApiResponse<'GET /federation/route'>>(
    `/federation/route?email=${encodeURIComponent(email)}`,
  );
  if (route.route !== 'federation' || !route.start_url) return null;
  const url = new URL(route.start_url, window.location.origin);
  url.searchParams.set('login_hint', email);
  if (resume.requestId) url.searchParams.set('request_id', resume.requestId);
  if (resume.returnTo) url.searchParams.set('return_to', resume.returnTo);
  return `${url.pathname}${url.search}`;
}
