/** A page of `GET /admin/client-registrations`: registered clients and the cursor of the next page (null: the last). */
export interface RegistrationsPage {
  registrations: { client_id: string }[];
  next_after: string | null;
}

/**
 * Which of `clientIds` registered themselves (docs/client-registration.md#what-admins-see): the registrations
 * answer for those clients only, a page at a time, so every page is followed to its `next_after`. A full page comes
 * before every next one, so `clientIds.length` pages cover them all; a server that kept answering past that would
 * be wrong, and the loop stops there rather than forever.
 */
export async function selfRegisteredAmong(
  clientIds: readonly string[],
  load: (query: URLSearchParams) => Promise<RegistrationsPage>,
): Promise<Set<string>> {
  const found = new Set<string>();
  if (clientIds.length === 0) return found;
  let after: string | null = null;
  for (let pages = 0; pages < clientIds.length; pages += 1) {
    const query = new URLSearchParams(clientIds.map((id): [string, string] => ['client_id', id]));
    query.set('limit', String(clientIds.length));
    if (after !== null) query.set('after', after);
    const page: RegistrationsPage = await load(query);
    for (const registration of page.registrations) found.add(registration.client_id);
    after = page.next_after;
    if (after === null) break;
  }
  return found;
}
