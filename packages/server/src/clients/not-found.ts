/**
 * No client has the id (the error's message). Apart from clients/service.ts so that the `tessera` command tells
 * this refusal without loading the database layer.
 */
export class ClientNotFoundError extends Error {
  override name = 'ClientNotFoundError';
}
