/**
 * The local control socket's wire format: one JSON object per line each way. A request names one of the tessera
 * command's operations; the answer carries its result or a refusal. The CLI prints the result the same way whether
 * the operation ran in its own process or in the server's.
 */

/** A request line longer than this is refused: no CLI operation comes near it. */
export const MAX_REQUEST_BYTES = 64 * 1024;
/** Answers are bounded too (a long client list stays far below). */
export const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

export interface ControlRequest {
  operation: string;
  input: unknown;
}

export type ControlErrorCode =
  /** Not a JSON object with `operation` and `input`. */
  | 'bad_request'
  | 'message_too_large'
  | 'unknown_operation'
  /** `input` does not match the operation's schema. */
  | 'invalid_input'
  /** The operation's own rules said no (already installed, unknown client, ...). */
  | 'refused'
  /** An unexpected failure, logged by the side it happened on. */
  | 'internal'
  /** No server answers on the socket, or the directory is busy: nothing was done. */
  | 'unavailable'
  /** The connection broke after the request was sent: the operation may or may not have happened. */
  | 'connection_lost';

export type ControlResponse =
  | { ok: true; result: unknown }
  | { ok: false; error: { code: ControlErrorCode; message: string } };

export class ControlError extends Error {
  override name = 'ControlError';
  constructor(
    readonly code: ControlErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Where the tessera command's operations run: in this process, or in the running server through its socket. */
export interface ControlChannel {
  call(operation: string, input: unknown): Promise<unknown>;
  close(): Promise<void>;
}

/** Reads a request line; throws ControlError('bad_request') for anything but `{"operation": "...", "input": ...}`. */
export function parseRequest(line: string): ControlRequest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    throw new ControlError('bad_request', 'a request is one JSON object on one line');
  }
  const request = parsed as Partial<ControlRequest> | null;
  if (
    typeof request !== 'object' ||
    request === null ||
    Array.isArray(request) ||
    typeof request.operation !== 'string' ||
    !('input' in request)
  )
    throw new ControlError('bad_request', 'a request needs a string "operation" and an "input"');
  return { operation: request.operation, input: request.input };
}

export function encodeResponse(response: ControlResponse): string {
  return `${JSON.stringify(response)}\n`;
}

/** Reads an answer line; a malformed one is reported as a lost connection (the outcome is unknown). */
export function parseResponse(line: string): ControlResponse {
  try {
    const parsed = JSON.parse(line) as ControlResponse;
    if (parsed.ok === true && 'result' in parsed) return parsed;
    if (parsed.ok === false && typeof parsed.error?.message === 'string') return parsed;
  } catch {}
  throw new ControlError('connection_lost', 'the server sent an answer this command cannot read');
}
