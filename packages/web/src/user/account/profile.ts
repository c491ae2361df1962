import type { PublicApiResponse } from '../../shared/api-types/public-api';

/** GET/PUT /api/user/profile */
export type Profile = PublicApiResponse<'GET /api/user/profile'>;
