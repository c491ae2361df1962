import { defineErrors } from '../app/errors.js';

/**
 * The error codes of the client registry, each with its one status. The shared codes (invalid_request, not_found,
 * session access, ...) are in app/errors.ts; routes list the codes they answer with `errorResponses(...)`.
 */
const CLIENTS_ERRORS = {
  icon_too_large: 413,
  /** RFC 7591 §3.2.2 names this code for client metadata that is refused. */
  invalid_client_metadata: 400,
  /** 415 for every icon whose bytes are not an image of the declared type (RFC 9110 §15.5.16). */
  unsupported_icon_type: 415,
  icon_type_mismatch: 415,
  icon_empty: 415,
} as const;
type ClientsErrorStatuses = typeof CLIENTS_ERRORS;

declare module '../app/errors.js' {
  interface ErrorStatuses extends ClientsErrorStatuses {}
}

export type ClientsErrorCode = keyof ClientsErrorStatuses;

/** `clientsError('code', 'message')`: an ApiError with the code's status. */
export const clientsError = defineErrors(CLIENTS_ERRORS);
