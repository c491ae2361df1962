import { Type } from 'typebox';
import { ApiError } from '../app/errors.js';

/** RFC 7644 §3.12 Table 9: the `scimType` values of 400 (and 409) errors. */
export type ScimType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'invalidVers'
  | 'sensitive';

export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/**
 * A SCIM protocol error. It is an ApiError (so code that only knows those still renders it), and the SCIM routes'
 * error handler writes it in the RFC 7644 §3.12 shape with `scimType`.
 */
export class ScimError extends ApiError {
  override name = 'ScimError';
  constructor(
    statusCode: number,
    readonly scimType: ScimType | null,
    detail: string,
    headers: Record<string, string> = {},
  ) {
    // SCIM errors are their own vocabulary (RFC 7644 §3.12: status plus scimType), rendered by the SCIM routes'
    // error handler, not the JSON API's one-status-per-code codes: the typed ApiError constructor does not apply.
    super(
      statusCode as never,
      (scimType ? `scim_${scimType}` : statusCode === 404 ? 'not_found' : 'scim_error') as never,
      detail,
      headers,
    );
  }
}

export const invalidFilter = (detail: string) => new ScimError(400, 'invalidFilter', detail);
export const invalidSyntax = (detail: string) => new ScimError(400, 'invalidSyntax', detail);
export const invalidValue = (detail: string) => new ScimError(400, 'invalidValue', detail);
export const invalidPath = (detail: string) => new ScimError(400, 'invalidPath', detail);
export const noTarget = (detail: string) => new ScimError(400, 'noTarget', detail);
export const mutability = (detail: string) => new ScimError(400, 'mutability', detail);
export const uniqueness = (detail: string) => new ScimError(409, 'uniqueness', detail);
export const resourceNotFound = (kind: 'User' | 'Group', id: string) =>
  new ScimError(404, null, `${kind} ${JSON.stringify(id.slice(0, 100))} not found`);

/** RFC 7644 §3.12: the error body; `status` is the HTTP status as a JSON string. */
export const ScimErrorBody = Type.Object(
  {
    schemas: Type.Array(Type.String()),
    status: Type.String(),
    scimType: Type.Optional(Type.String()),
    detail: Type.Optional(Type.String()),
  },
  { title: 'ScimError' },
);

export function scimErrorResponses(...statuses: number[]): Record<number, typeof ScimErrorBody> {
  const responses: Record<number, typeof ScimErrorBody> = {};
  for (const status of statuses) responses[status] = ScimErrorBody;
  return responses;
}
