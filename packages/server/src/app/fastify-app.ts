import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';

// The types every route module needs, apart from `build.ts`: that file imports every route module, so a route
// importing these from it would close an import loop (DESIGN §3).

/** The two listeners of one process (DESIGN §2). */
export type Port = 'public' | 'admin';

/** A Fastify app with TypeBox type inference for route schemas. */
export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Render errors of this route as RFC 6749 OAuth errors. */
    oauthErrors?: boolean;
  }
}
