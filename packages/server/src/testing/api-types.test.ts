import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateApiTypes, generatedApiTypeFiles } from './api-types.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

describe('the web apps’ generated API types', () => {
  it('are up to date with the route schemas (run `npm run generate:api-types` when this fails)', async () => {
    const files = await generatedApiTypeFiles();
    expect(Object.keys(files)).toHaveLength(2);
    for (const [path, text] of Object.entries(files)) {
      expect(readFileSync(join(root, path), 'utf8'), `${path} is out of date`).toBe(text);
    }
  });

  it('types bodies, answers and the error codes of each status from the schemas', () => {
    const text = generateApiTypes(
      {
        paths: {
          '/things/{thingId}': {
            put: {
              summary: 'Renames a thing',
              parameters: [{ in: 'path', name: 'thingId', required: true, schema: { type: 'string' } }],
              requestBody: {
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: {
                        name: { type: 'string' },
                        tags: { type: 'array', items: { enum: ['a', 'b'] } },
                      },
                      required: ['name'],
                    },
                  },
                },
              },
              responses: {
                '200': {
                  content: {
                    'application/json': {
                      schema: {
                        type: 'object',
                        properties: { size: { anyOf: [{ type: 'integer' }, { type: 'null' }] } },
                      },
                    },
                  },
                },
                '204': { description: 'Nothing' },
                '404': {
                  content: {
                    'application/json': {
                      schema: {
                        type: 'object',
                        properties: { error: { type: 'string', enum: ['not_found'] } },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
      'ThingApi',
      'public',
    );
    expect(text).toContain(`  /** Renames a thing */
  'PUT /things/{thingId}': {
    params: { thingId: string; };
    query: undefined;
    body: {
      name: string;
      tags?: ('a' | 'b')[];
    };
    responses: {
      200: {
        size?: number | null;
      };
      204: null;
      404: {
        error?: 'not_found';
      };
    };
    response: ThingApi['PUT /things/{thingId}']['responses'][200 | 204];
    error: 'not_found';
  };`);
  });
});
