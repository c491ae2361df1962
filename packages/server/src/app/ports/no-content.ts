import type { FastifyReply } from 'fastify';

/**
 * The response schema of a route that answers 204 with no body (`response: { 204: noContentResponse('Deleted') }`);
 * `description` says what was done, as `/openapi.json` shows it.
 */
export function noContentResponse(description = 'Done') {
  return { description, type: 'null' } as const;
}

/** Answers 204 No Content: what a route whose response schema has `204: noContentResponse(…)` returns. */
export function noContent<Reply extends FastifyReply>(reply: Reply): Reply {
  return reply.code(204).send(undefined as never) as Reply;
}
