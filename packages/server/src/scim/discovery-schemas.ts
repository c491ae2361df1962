import { type AttributeDefinition, attribute, type Options } from './attributes.js';

/**
 * RFC 7643 §8.7.2: the schemas of the discovery resources themselves (ServiceProviderConfig, ResourceType and Schema),
 * which `/Schemas` lists beside the resource schemas (RFC 7644 §4). Everything here is read-only: a client reads
 * these resources and never writes them.
 */
const read = (
  name: string,
  type: AttributeDefinition['type'],
  description: string,
  options: Options = {},
): AttributeDefinition => attribute(name, type, description, { mutability: 'readOnly', ...options });

const supported = (name: string, description: string, more: AttributeDefinition[] = []) =>
  read(name, 'complex', description, {
    required: true,
    subAttributes: [
      read('supported', 'boolean', 'A Boolean value specifying whether or not the operation is supported.', {
        required: true,
      }),
      ...more,
    ],
  });

export const SERVICE_PROVIDER_CONFIG_ATTRIBUTES: AttributeDefinition[] = [
  read('documentationUri', 'reference', 'An HTTP-addressable URL pointing to the service provider’s help.', {
    referenceTypes: ['external'],
  }),
  supported('patch', 'A complex type that specifies PATCH configuration options.'),
  supported('bulk', 'A complex type that specifies bulk configuration options.', [
    read('maxOperations', 'integer', 'An integer value specifying the maximum number of operations.', {
      required: true,
    }),
    read('maxPayloadSize', 'integer', 'An integer value specifying the maximum payload size in bytes.', {
      required: true,
    }),
  ]),
  supported('filter', 'A complex type that specifies FILTER options.', [
    read('maxResults', 'integer', 'The maximum number of resources returned in a response.', {
      required: true,
    }),
  ]),
  supported(
    'changePassword',
    'A complex type that specifies configuration options related to changing a password.',
  ),
  supported('sort', 'A complex type that specifies sort result options.'),
  supported('etag', 'A complex type that specifies ETag configuration options.'),
  read('authenticationSchemes', 'complex', 'The authentication schemes supported by the service provider.', {
    required: true,
    multiValued: true,
    subAttributes: [
      read('type', 'string', 'The authentication scheme.', {
        required: true,
        canonicalValues: ['oauth', 'oauth2', 'oauthbearertoken', 'httpbasic', 'httpdigest'],
      }),
      read('name', 'string', 'The common authentication scheme name.', { required: true }),
      read('description', 'string', 'A description of the authentication scheme.', { required: true }),
      read('specUri', 'reference', 'An HTTP-addressable URL pointing to the scheme’s specification.', {
        referenceTypes: ['external'],
      }),
      read(
        'documentationUri',
        'reference',
        'An HTTP-addressable URL pointing to the scheme’s usage documentation.',
        {
          referenceTypes: ['external'],
        },
      ),
      read('primary', 'boolean', 'Whether this is the preferred authentication scheme.'),
    ],
  }),
];

export const RESOURCE_TYPE_ATTRIBUTES: AttributeDefinition[] = [
  read('id', 'string', 'The resource type’s server unique id; the same as the name.'),
  read('name', 'string', 'The resource type name, e.g. "User".', {
    required: true,
    caseExact: true,
    uniqueness: 'server',
  }),
  read('description', 'string', 'The resource type’s human-readable description.'),
  read('endpoint', 'reference', 'The resource type’s HTTP-addressable endpoint relative to the base URL.', {
    required: true,
    referenceTypes: ['uri'],
    uniqueness: 'server',
  }),
  read('schema', 'reference', 'The resource type’s primary/base schema URI.', {
    required: true,
    caseExact: true,
    referenceTypes: ['uri'],
  }),
  read('schemaExtensions', 'complex', 'A list of URIs of the resource type’s schema extensions.', {
    required: true,
    multiValued: true,
    subAttributes: [
      read('schema', 'reference', 'The URI of a schema extension.', {
        required: true,
        caseExact: true,
        referenceTypes: ['uri'],
      }),
      read('required', 'boolean', 'Whether resources of this type must include this schema extension.', {
        required: true,
      }),
    ],
  }),
];

/** RFC 7643 §7: the characteristics of one attribute, which `attributes` and `subAttributes` both list. */
function attributeCharacteristics(nested: boolean): AttributeDefinition[] {
  const vocabulary = (name: string, description: string, canonicalValues: string[]) =>
    read(name, 'string', description, { caseExact: true, canonicalValues });
  return [
    read('name', 'string', 'The attribute’s name.', { required: true, caseExact: true }),
    read('type', 'string', 'The attribute’s data type.', {
      required: true,
      canonicalValues: [
        'string',
        'complex',
        'boolean',
        'decimal',
        'integer',
        'dateTime',
        'reference',
        'binary',
      ],
    }),
    read('multiValued', 'boolean', 'Whether the attribute is multi-valued.', { required: true }),
    read('description', 'string', 'The attribute’s human-readable description.', { caseExact: true }),
    read('required', 'boolean', 'Whether the attribute is required.'),
    read('canonicalValues', 'string', 'A collection of suggested canonical values.', {
      multiValued: true,
      caseExact: true,
    }),
    read('caseExact', 'boolean', 'Whether a string attribute is case sensitive.'),
    vocabulary('mutability', 'Whether the attribute is modifiable.', [
      'readOnly',
      'readWrite',
      'immutable',
      'writeOnly',
    ]),
    vocabulary('returned', 'When the attribute is returned in a response.', [
      'always',
      'never',
      'default',
      'request',
    ]),
    vocabulary('uniqueness', 'How the service provider enforces uniqueness of values.', [
      'none',
      'server',
      'global',
    ]),
    read('referenceTypes', 'string', 'The SCIM resource types that a reference attribute may refer to.', {
      multiValued: true,
      caseExact: true,
    }),
    ...(nested
      ? []
      : [
          read('subAttributes', 'complex', 'The sub-attributes of a complex attribute.', {
            multiValued: true,
            subAttributes: attributeCharacteristics(true),
          }),
        ]),
  ];
}

export const SCHEMA_ATTRIBUTES: AttributeDefinition[] = [
  read('id', 'string', 'The unique URI of the schema.', { required: true }),
  read('name', 'string', 'The schema’s human-readable name.', { required: true }),
  read('description', 'string', 'The schema’s human-readable description.'),
  read('attributes', 'complex', 'The service provider’s attributes of this schema.', {
    required: true,
    multiValued: true,
    subAttributes: attributeCharacteristics(false),
  }),
];
