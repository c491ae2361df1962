import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/*
 * Fastify compiles every route's request and response schemas when an app is built: about 0.4 s of CPU for the two
 * ports, most of it Ajv and fast-json-stringify generating code. The service builds its apps once per process, but
 * one process can build many (the test suite starts a server per test file, and several nodes in one file), and each
 * build compiled the same schemas again, because Fastify makes new compilers for each app.
 *
 * These factories are Fastify's own defaults (`schemaController.compilersFactory`) with one cache for the process:
 * a route schema that is the same JSON, under the same compiler options, gets the function compiled the first time.
 * A compiled validator or serializer depends on nothing but its schema and those options; Ajv keeps its last errors
 * on the validator function, which Fastify reads synchronously right after the call, as with Ajv's own cache.
 *
 * Fastify treats a compilersFactory as custom and then hands a `headers` schema over as it is instead of lowering
 * its property names; no route here declares a headers schema (build.ts refuses one), so nothing changes.
 */

/** What Fastify hands a compiler at run time (the packages' own types describe only `schema`). */
interface RouteSchema {
  schema: unknown;
  method?: string;
  url?: string;
  httpPart?: string;
  httpStatus?: string;
}
type Builder<Compiled> = (externalSchemas: unknown, options: unknown) => (route: RouteSchema) => Compiled;
type Validate = (data: unknown) => unknown;
type Serialize = (data: unknown) => string;
type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/** One cache per compiler configuration (external schemas and options, as JSON), then per schema (as JSON). */
function cacheFor<Compiled>(
  caches: Map<string, Map<string, Compiled>>,
  externalSchemas: unknown,
  options: unknown,
): Map<string, Compiled> {
  const key = JSON.stringify([externalSchemas, options]);
  let cache = caches.get(key);
  if (!cache) {
    cache = new Map();
    caches.set(key, cache);
  }
  return cache;
}

function cached<Compiled>(cache: Map<string, Compiled>, key: string, compile: () => Compiled): Compiled {
  let compiled = cache.get(key);
  if (compiled === undefined) {
    compiled = compile();
    cache.set(key, compiled);
  }
  return compiled;
}

// Fastify's defaults; AjvCompiler() already keeps one Ajv per configuration, shared here by every app.
const defaultValidatorBuilder = AjvCompiler() as unknown as Builder<Validate>;
const defaultSerializerBuilder = SerializerSelector() as unknown as Builder<Serialize>;
const validatorCaches = new Map<string, Map<string, Validate>>();
const serializerCaches = new Map<string, Map<string, Serialize>>();

const buildCachedValidator: Builder<Validate> = (externalSchemas, options) => {
  const compile = defaultValidatorBuilder(externalSchemas, options);
  const cache = cacheFor(validatorCaches, externalSchemas, options);
  return (route) => cached(cache, `${route.httpPart}\0${JSON.stringify(route.schema)}`, () => compile(route));
};

const buildCachedSerializer: Builder<Serialize> = (externalSchemas, options) => {
  const compile = defaultSerializerBuilder(externalSchemas, options);
  const cache = cacheFor(serializerCaches, externalSchemas, options);
  return (route) => cached(cache, JSON.stringify(route.schema), () => compile(route));
};

/** For `schemaController.compilersFactory` (the packages' types do not describe the route argument). */
export const cachedCompilersFactory = {
  buildValidator: buildCachedValidator,
  buildSerializer: buildCachedSerializer,
} as unknown as CompilersFactory;
