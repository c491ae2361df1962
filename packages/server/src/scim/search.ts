import { type TSchema, Type } from 'typebox';
import type { App } from '../app/app-types.js';
import { invalidSyntax, invalidValue, ScimError } from './errors.js';
import { Body, caller, paging, type ScimRouteKit, TAG } from './route-kit.js';
import type { ConnectionRow } from './store.js';
import {
  listResponse,
  listResponseOf,
  type Projection,
  type ResourceDocument,
  selectAttributes,
} from './views.js';

export const SEARCH_REQUEST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:SearchRequest';

/** One resource type's query, as GET /Users and GET /Groups run it (resource-routes.ts). */
export interface ResourceQuery {
  /** Parses the filter (400 invalidFilter when it cannot apply). */
  comparisons(filter: string): unknown[];
  run(
    connection: ConnectionRow,
    comparisons: unknown[],
    offset: number,
    limit: number,
    /** What the answer will keep of each document: attributes it drops need not be read. */
    projection?: Projection,
  ): Promise<{ documents: ResourceDocument[]; total: number }>;
}

/** RFC 7644 §3.4.3: a SearchRequest body, checked; the query parameters of GET as JSON. */
interface SearchRequest {
  filter?: string;
  startIndex?: number;
  count?: number;
  attributes?: string;
  excludedAttributes?: string;
}

function readSearchRequest(body: unknown): SearchRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalidSyntax('the body must be a JSON object');
  const fields = body as Record<string, unknown>;
  const schemas = fields.schemas;
  if (
    !Array.isArray(schemas) ||
    !schemas.some(
      (urn) => typeof urn === 'string' && urn.toLowerCase() === SEARCH_REQUEST_SCHEMA.toLowerCase(),
    )
  )
    throw invalidSyntax(`a search body must list the schema ${SEARCH_REQUEST_SCHEMA}`);
  const request: SearchRequest = {};
  if (fields.filter !== undefined && fields.filter !== null) {
    if (typeof fields.filter !== 'string') throw invalidValue('filter must be a string');
    request.filter = fields.filter;
  }
  for (const key of ['startIndex', 'count'] as const) {
    const value = fields[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'number' || !Number.isInteger(value))
      throw invalidValue(`${key} must be an integer`);
    request[key] = value;
  }
  // RFC 7644 §3.4.3: `attributes` and `excludedAttributes` are arrays of names here (a string is taken too).
  for (const key of ['attributes', 'excludedAttributes'] as const) {
    const value = fields[key];
    if (value === undefined || value === null) continue;
    const names = typeof value === 'string' ? [value] : value;
    if (!Array.isArray(names) || !names.every((name) => typeof name === 'string' && name.length <= 200))
      throw invalidValue(`${key} must be a list of attribute names`);
    if (names.length > 0) request[key] = names.join(',');
  }
  if (request.attributes !== undefined && request.excludedAttributes !== undefined)
    throw invalidValue('attributes and excludedAttributes are mutually exclusive (RFC 7644 §3.4.2.5)');
  // Sorting is not supported (ServiceProviderConfig `sort`): sortBy and sortOrder are ignored, as in GET.
  return request;
}

/**
 * Runs a search over one or more resource types, paged as one list in the order given (Users before Groups at the
 * root). RFC 7644 §3.4.2.2: at the root, an attribute a resource type does not have is treated as having no value,
 * so a filter that cannot apply to a type matches none of its resources; one that applies to no type is a 400.
 */
async function search(
  queries: readonly ResourceQuery[],
  connection: ConnectionRow,
  request: SearchRequest,
  maxResults: number,
) {
  const page = paging(request, maxResults);
  const parsed: (unknown[] | null)[] = [];
  let refusal: unknown;
  for (const query of queries) {
    try {
      parsed.push(request.filter ? query.comparisons(request.filter) : []);
    } catch (error) {
      if (!(error instanceof ScimError) || error.scimType !== 'invalidFilter' || queries.length === 1)
        throw error;
      refusal ??= error;
      parsed.push(null);
    }
  }
  if (parsed.every((comparisons) => comparisons === null)) throw refusal;
  const documents: ResourceDocument[] = [];
  let total = 0;
  for (const [index, query] of queries.entries()) {
    const comparisons = parsed[index];
    if (!comparisons) continue;
    const offset = Math.max(0, page.offset - total);
    const result = await query.run(connection, comparisons, offset, page.count - documents.length, request);
    documents.push(...result.documents);
    total += result.total;
  }
  const selected = documents.map((document) =>
    selectAttributes(document, request.attributes, request.excludedAttributes),
  );
  return listResponse(selected, total, page.startIndex);
}

/** `POST {path}/.search` (RFC 7644 §3.4.3): a query with its parameters in the body. */
export function registerSearchRoute(
  scim: App,
  kit: ScimRouteKit,
  path: string,
  queries: readonly ResourceQuery[],
  summary: string,
  /** The resource schema of the list (any document at the root, where Users and Groups mix). */
  resource: TSchema = Type.Object({}, { additionalProperties: true }),
  title = 'ScimSearchResponse',
): void {
  scim.post(
    `${path}/.search`,
    {
      config: kit.config,
      attachValidation: true,
      schema: {
        tags: [TAG],
        summary,
        body: Body,
        response: {
          200: listResponseOf(resource, title),
          ...kit.errors(400),
        },
      },
    },
    async (request, reply) => {
      const body = readSearchRequest(request.body);
      const answer = await search(queries, caller(request).connection, body, kit.maxResults());
      // RFC 7644 §3.4.3: the answer is the list response GET gives, with 200 (not 201, although this is a POST).
      return reply.code(200).send(answer);
    },
  );
}
