import { describe, expect, it } from 'vitest';
import { bearerChallenge, bearerError, bearerTokenMissing, readBearerToken } from './bearer.js';
import { OAuthError } from './errors.js';

const TOKEN = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln-_';
const FORM = 'application/x-www-form-urlencoded';

function request(
  parts: {
    method?: string;
    authorization?: string;
    contentType?: string;
    body?: unknown;
    query?: unknown;
  } = {},
) {
  const headers: Record<string, string> = {};
  if (parts.authorization !== undefined) headers.authorization = parts.authorization;
  if (parts.contentType !== undefined) headers['content-type'] = parts.contentType;
  return { method: parts.method ?? 'GET', headers, body: parts.body, query: parts.query ?? {} };
}

/** The refusal readBearerToken throws, as the client sees it. */
function refusal(read: () => unknown): { error: string; status: number; challenge: string | undefined } {
  try {
    read();
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    return { error: error.error, status: error.statusCode, challenge: error.headers['www-authenticate'] };
  }
  throw new Error('expected a refusal');
}

describe('readBearerToken (RFC 6750 §2)', () => {
  it('reads the Authorization header, the scheme in any case (§2.1)', () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      expect(readBearerToken(request({ authorization: `${scheme} ${TOKEN}` }))).toBe(TOKEN);
    }
    // b64token allows + / and trailing = too.
    expect(readBearerToken(request({ authorization: 'Bearer ab+/c~==' }))).toBe('ab+/c~==');
  });

  it('refuses a Bearer header that is not "Bearer <b64token>" as an invalid token', () => {
    for (const authorization of ['Bearer', 'Bearer ', 'Bearer a b', 'Bearer a"b', 'Bearer =abc']) {
      expect(
        refusal(() => readBearerToken(request({ authorization }))),
        authorization,
      ).toEqual({
        error: 'invalid_token',
        status: 401,
        challenge: expect.stringMatching(/^Bearer realm="tessera", error="invalid_token"/),
      });
    }
  });

  it('answers a request without a bearer token with 401 and a bare challenge (§3.1)', () => {
    for (const authorization of [
      undefined,
      `Basic ${Buffer.from('a:b').toString('base64')}`,
      'Bearertoken',
    ]) {
      expect(refusal(() => readBearerToken(request({ authorization })))).toEqual({
        error: 'invalid_token',
        status: 401,
        challenge: 'Bearer realm="tessera"',
      });
    }
  });

  it('reads access_token from a form body only where the route allows it, on a method with a body (§2.2)', () => {
    const post = request({ method: 'POST', contentType: FORM, body: { access_token: TOKEN } });
    expect(readBearerToken(post, { formBody: true })).toBe(TOKEN);
    expect(
      readBearerToken(
        { ...post, headers: { 'content-type': `${FORM.toUpperCase()}; charset=UTF-8` } },
        {
          formBody: true,
        },
      ),
    ).toBe(TOKEN);
    // Not allowed by the route, not form-encoded, or a GET: the body is not a place a token is read from.
    expect(refusal(() => readBearerToken(post)).status).toBe(401);
    expect(
      refusal(() =>
        readBearerToken(
          request({ method: 'POST', contentType: 'application/json', body: { access_token: TOKEN } }),
          {
            formBody: true,
          },
        ),
      ).status,
    ).toBe(401);
    expect(
      refusal(() =>
        readBearerToken(request({ method: 'GET', contentType: FORM, body: { access_token: TOKEN } }), {
          formBody: true,
        }),
      ).status,
    ).toBe(401);
  });

  it('never reads the query unless the route allows it (§2.3)', () => {
    const withQuery = request({ query: { access_token: TOKEN } });
    expect(refusal(() => readBearerToken(withQuery)).challenge).toBe('Bearer realm="tessera"');
    expect(readBearerToken(withQuery, { query: true })).toBe(TOKEN);
  });

  it('refuses a token sent by more than one method as invalid_request (§3.1)', () => {
    const both = request({
      method: 'POST',
      authorization: `Bearer ${TOKEN}`,
      contentType: FORM,
      body: { access_token: TOKEN },
      query: { access_token: TOKEN },
    });
    const expected = {
      error: 'invalid_request',
      status: 400,
      challenge: expect.stringMatching(/^Bearer realm="tessera", error="invalid_request"/),
    };
    expect(refusal(() => readBearerToken(both, { formBody: true }))).toEqual(expected);
    expect(refusal(() => readBearerToken(both, { query: true }))).toEqual(expected);
    expect(
      refusal(() =>
        readBearerToken({ ...both, headers: { 'content-type': FORM } }, { formBody: true, query: true }),
      ),
    ).toEqual(expected);
    // A method the route does not allow does not count.
    expect(readBearerToken(both)).toBe(TOKEN);
  });

  it('treats an empty access_token as none and a repeated one as invalid_request', () => {
    const empty = request({
      method: 'POST',
      authorization: `Bearer ${TOKEN}`,
      contentType: FORM,
      body: { access_token: '' },
    });
    expect(readBearerToken(empty, { formBody: true })).toBe(TOKEN);
    const repeated = request({ method: 'POST', contentType: FORM, body: { access_token: [TOKEN, TOKEN] } });
    expect(refusal(() => readBearerToken(repeated, { formBody: true }))).toMatchObject({
      error: 'invalid_request',
      status: 400,
    });
  });
});

describe('bearerChallenge and bearerError (RFC 6750 §3)', () => {
  it('names the realm, then error, error_description and scope when given', () => {
    expect(bearerChallenge()).toBe('Bearer realm="tessera"');
    expect(
      bearerChallenge({
        error: 'insufficient_scope',
        description: 'needs more',
        scope: 'service.users:read',
      }),
    ).toBe(
      'Bearer realm="tessera", error="insufficient_scope", error_description="needs more", scope="service.users:read"',
    );
  });

  it('keeps the quoted strings free of quotes, backslashes and control characters', () => {
    expect(bearerChallenge({ error: 'invalid_token', description: 'bad "x"\\\r\ny' })).toBe(
      'Bearer realm="tessera", error="invalid_token", error_description="bad ?x????y"',
    );
  });

  it('gives each error code its status: 400 invalid_request, 401 invalid_token, 403 insufficient_scope', () => {
    const statuses = (['invalid_request', 'invalid_token', 'insufficient_scope'] as const).map((code) => {
      const error = bearerError(code, 'why', code === 'insufficient_scope' ? 'openid' : undefined);
      expect(error.error).toBe(code);
      expect(error.description).toBe('why');
      expect(error.headers['www-authenticate']).toContain(`error="${code}"`);
      return error.statusCode;
    });
    expect(statuses).toEqual([400, 401, 403]);
    expect(bearerError('insufficient_scope', 'why', 'openid').headers['www-authenticate']).toContain(
      'scope="openid"',
    );
  });

  it('answers a missing token with invalid_token in the body and no error in the challenge', () => {
    const missing = bearerTokenMissing();
    expect([missing.error, missing.statusCode, missing.headers]).toEqual([
      'invalid_token',
      401,
      { 'www-authenticate': 'Bearer realm="tessera"' },
    ]);
  });
});
