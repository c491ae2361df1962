import { useEffect, useState } from 'react';
import { api } from '../shared/api';
import type { PublicApiResponse } from '../shared/api-types/public-api';

/**
 * The name of the app whose authorization request a sign-in step continues, to say "…to continue to Demo App";
 * null while loading, without a request, or when the request is unknown (the consent page explains that later).
 */
export function useRequestClientName(requestId: string | null): string | null {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    if (!requestId) return;
    let current = true;
    api
      .get<PublicApiResponse<'GET /api/user/authorization-requests/{requestId}'>>(
        `/api/user/authorization-requests/${encodeURIComponent(requestId)}`,
      )
      .then(
        (view) => current && setName(view.client.name),
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [requestId]);
  return name;
}
