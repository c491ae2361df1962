import {
  type AttributeDefinition,
  ENTERPRISE_USER_ATTRIBUTES,
  ENTERPRISE_USER_SCHEMA,
  GROUP_ATTRIBUTES,
  GROUP_SCHEMA,
  USER_ATTRIBUTES,
  USER_SCHEMA,
} from './attributes.js';
import {
  RESOURCE_TYPE_ATTRIBUTES,
  SCHEMA_ATTRIBUTES,
  SERVICE_PROVIDER_CONFIG_ATTRIBUTES,
} from './discovery-schemas.js';

export const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';
export const RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
export const SERVICE_PROVIDER_CONFIG_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';

const base = (baseUrl: string) => `${baseUrl.replace(/\/$/, '')}/scim/v2`;

/** RFC 7643 §5: what this service provider supports, exactly (advertise only what is implemented). */
export function serviceProviderConfig(baseUrl: string, maxResults: number) {
  return {
    schemas: [SERVICE_PROVIDER_CONFIG_SCHEMA],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description:
          'A SCIM token created by a Tessera write admin (Authorization: Bearer tessera_scim_...).',
        primary: true,
      },
    ],
    meta: {
      resourceType: 'ServiceProviderConfig',
      location: `${base(baseUrl)}/ServiceProviderConfig`,
    },
  };
}

/** RFC 7643 §6: the two resource types. */
export function resourceTypes(baseUrl: string) {
  return [
    {
      schemas: [RESOURCE_TYPE_SCHEMA],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'User Account',
      schema: USER_SCHEMA,
      schemaExtensions: [{ schema: ENTERPRISE_USER_SCHEMA, required: false }],
      meta: { resourceType: 'ResourceType', location: `${base(baseUrl)}/ResourceTypes/User` },
    },
    {
      schemas: [RESOURCE_TYPE_SCHEMA],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'Group',
      schema: GROUP_SCHEMA,
      schemaExtensions: [],
      meta: { resourceType: 'ResourceType', location: `${base(baseUrl)}/ResourceTypes/Group` },
    },
  ];
}

/** RFC 7643 §7 attribute definitions, without the keys that do not apply (Entra wants no nulls). */
function definition(attribute: AttributeDefinition): Record<string, unknown> {
  const { subAttributes, referenceTypes, canonicalValues, ...rest } = attribute;
  return {
    ...rest,
    ...(subAttributes ? { subAttributes: subAttributes.map(definition) } : {}),
    ...(referenceTypes ? { referenceTypes } : {}),
    ...(canonicalValues && canonicalValues.length > 0 ? { canonicalValues } : {}),
  };
}

/**
 * RFC 7643 §7: the schema documents of the User, the enterprise extension and the Group (§8.7.1), and of the
 * discovery resources themselves (§8.7.2).
 */
export function schemas(baseUrl: string) {
  const document = (id: string, name: string, description: string, attributes: AttributeDefinition[]) => ({
    schemas: [SCHEMA_SCHEMA],
    id,
    name,
    description,
    attributes: attributes.map(definition),
    meta: { resourceType: 'Schema', location: `${base(baseUrl)}/Schemas/${id}` },
  });
  return [
    document(USER_SCHEMA, 'User', 'User Account', USER_ATTRIBUTES),
    document(ENTERPRISE_USER_SCHEMA, 'EnterpriseUser', 'Enterprise User', ENTERPRISE_USER_ATTRIBUTES),
    document(GROUP_SCHEMA, 'Group', 'Group', GROUP_ATTRIBUTES),
    document(
      SERVICE_PROVIDER_CONFIG_SCHEMA,
      'ServiceProviderConfig',
      'Schema for representing the service provider’s configuration',
      SERVICE_PROVIDER_CONFIG_ATTRIBUTES,
    ),
    document(
      RESOURCE_TYPE_SCHEMA,
      'ResourceType',
      'Specifies the schema that describes a SCIM resource type',
      RESOURCE_TYPE_ATTRIBUTES,
    ),
    document(SCHEMA_SCHEMA, 'Schema', 'Specifies the schema that describes a SCIM schema', SCHEMA_ATTRIBUTES),
  ];
}
