import { Readable } from 'node:stream';
import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { appError, errorResponses } from '../app/errors.js';
import { adminActor } from '../app/ports/admin-audit.js';
import type { AuditAction } from '../audit/actions.js';
import { type AuditEvent, type AuditFilter, csvHeader, csvRow, jsonLine } from '../audit/audit-log.js';

const AuditEventView = Type.Object({
  id: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  action: Type.String(),
  outcome: Type.String(),
  actor_type: Type.String(),
  actor_id: Type.Union([Type.String(), Type.Null()]),
  target_type: Type.Union([Type.String(), Type.Null()]),
  target_id: Type.Union([Type.String(), Type.Null()]),
  ip_address: Type.Union([Type.String(), Type.Null()]),
  user_agent: Type.Union([Type.String(), Type.Null()]),
  details: Type.Record(Type.String(), Type.Unknown()),
});

const Filters = {
  from: Type.Optional(
    Type.String({ format: 'date-time', description: 'Events at or after this time (inclusive)' }),
  ),
  to: Type.Optional(
    Type.String({ format: 'date-time', description: 'Events at or before this time (inclusive)' }),
  ),
  action: Type.Optional(Type.String({ maxLength: 100 })),
  actor: Type.Optional(Type.String({ maxLength: 200 })),
  target: Type.Optional(Type.String({ maxLength: 200 })),
  outcome: Type.Optional(Type.Union([Type.Literal('success'), Type.Literal('failure')])),
};

function toFilter(query: {
  from?: string;
  to?: string;
  action?: string;
  actor?: string;
  target?: string;
  outcome?: 'success' | 'failure';
}): AuditFilter {
  const filter: AuditFilter = {
    action: query.action,
    actor: query.actor,
    target: query.target,
    outcome: query.outcome,
  };
  for (const name of ['from', 'to'] as const) {
    const value = query[name];
    if (value === undefined) continue;
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) throw appError('invalid_request', `${name} is not a date`);
    // ISO 8601 has a year 0000; PostgreSQL timestamps do not (1 BC comes before AD 1).
    if (date.getUTCFullYear() < 1)
      throw appError('invalid_request', `${name} must be in the year 0001 or later`);
    filter[name] = date;
  }
  return filter;
}

function view(event: AuditEvent) {
  return JSON.parse(jsonLine(event)) as Record<string, unknown>;
}

/** Audit log: list with filters and paging, detail, and streamed export (CSV or JSON lines). */
export function registerAdminAuditRoutes(app: App, context: AppContext): void {
  app.get(
    '/admin/audit/actions',
    {
      config: { access: 'session' },
      schema: {
        tags: ['admin-audit'],
        summary: 'Every action the audit log records (for the filter); the action filter takes any of them',
        response: {
          200: Type.Object({
            actions: Type.Array(
              Type.Unsafe<AuditAction>({ type: 'string', enum: [...context.audit.actions] }),
            ),
          }),
          ...errorResponses(),
        },
      },
    },
    async () => ({ actions: [...context.audit.actions] }),
  );

  app.get(
    '/admin/audit',
    {
      config: { access: 'session' },
      schema: {
        tags: ['admin-audit'],
        summary: 'Audit events, newest first; page with before=<last id>',
        description:
          'Newest first: by id, the order the events were written in; with `from` or `to`, by time, events of the ' +
          "same instant by id. Page with `before` = the previous page's `next_before` (the id of its last event) " +
          'and the same filters.',
        querystring: Type.Object({
          ...Filters,
          before: Type.Optional(
            Type.Integer({ minimum: 1, description: 'The id of the last event of the previous page' }),
          ),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
        }),
        response: {
          200: Type.Object({
            events: Type.Array(AuditEventView),
            next_before: Type.Union([Type.Integer(), Type.Null()]),
          }),
          ...errorResponses(),
        },
      },
    },
    async (request) => {
      const limit = request.query.limit ?? 50;
      const events = await context.audit.list(
        { ...toFilter(request.query), before: request.query.before },
        limit,
      );
      return {
        events: events.map(view) as never,
        next_before: events.length === limit ? events[events.length - 1]!.id : null,
      };
    },
  );

  app.get(
    '/admin/audit/export',
    {
      config: { access: 'session' },
      schema: {
        tags: ['admin-audit'],
        summary: 'Streams matching events as CSV (formula cells neutralized) or JSON lines',
        querystring: Type.Object({
          ...Filters,
          format: Type.Union([Type.Literal('csv'), Type.Literal('jsonl')]),
        }),
        response: {
          200: {
            description: 'The export',
            content: {
              'text/csv': { schema: Type.String() },
              'application/x-ndjson': { schema: Type.String() },
            },
          },
          ...errorResponses(),
        },
      },
    },
    async (request, reply) => {
      const filter = toFilter(request.query);
      const csv = request.query.format === 'csv';
      await context.audit.record({
        action: 'audit.exported',
        outcome: 'success',
        details: { format: request.query.format },
        ...adminActor(request),
      });
      // The first page is read before the status line goes out: once it has, a failure can only cut the
      // connection, and a client must not mistake a truncated export for a complete one.
      const events = context.audit.stream(filter);
      const first = await events.next();
      const body = Readable.from(
        (async function* () {
          if (csv) yield csvHeader();
          if (first.done) return;
          yield csv ? csvRow(first.value) : jsonLine(first.value);
          for await (const event of events) yield csv ? csvRow(event) : jsonLine(event);
        })(),
      );
      return reply
        .header('content-type', csv ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8')
        .header('content-disposition', `attachment; filename="tessera-audit.${csv ? 'csv' : 'jsonl'}"`)
        .header('cache-control', 'no-store')
        .send(body as never);
    },
  );

  app.get(
    '/admin/audit/:eventId',
    {
      config: { access: 'session' },
      schema: {
        tags: ['admin-audit'],
        summary: 'One audit event',
        params: Type.Object({ eventId: Type.Integer({ minimum: 1 }) }),
        response: { 200: AuditEventView, ...errorResponses('not_found') },
      },
    },
    async (request) => {
      const event = await context.audit.find(request.params.eventId);
      if (!event) throw appError('not_found', 'no such event');
      return view(event) as never;
    },
  );
}
