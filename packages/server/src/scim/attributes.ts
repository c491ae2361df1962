/**
 * The attributes we keep for SCIM resources, written once as RFC 7643 §7 attribute definitions: the `/Schemas`
 * documents, the case-insensitive name lookup (RFC 7643 §2.1), the type checks after a PATCH and the response
 * schemas (an attribute not listed here is never stored nor returned) all come from these lists.
 */
export interface AttributeDefinition {
  name: string;
  type: 'string' | 'boolean' | 'complex' | 'reference' | 'dateTime' | 'integer';
  multiValued: boolean;
  description: string;
  required: boolean;
  caseExact: boolean;
  mutability: 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly';
  returned: 'always' | 'never' | 'default' | 'request';
  uniqueness: 'none' | 'server' | 'global';
  subAttributes?: AttributeDefinition[];
  referenceTypes?: string[];
  canonicalValues?: string[];
}

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE_USER_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';

export type Options = Partial<Omit<AttributeDefinition, 'name' | 'type' | 'description'>>;

export function attribute(
  name: string,
  type: AttributeDefinition['type'],
  description: string,
  options: Options = {},
): AttributeDefinition {
  return {
    name,
    type,
    multiValued: false,
    description,
    required: false,
    caseExact: false,
    mutability: 'readWrite',
    returned: 'default',
    uniqueness: 'none',
    ...options,
  };
}

const text = (name: string, description: string, options: Options = {}) =>
  attribute(name, 'string', description, options);

/**
 * `value`, `display`, `type`, `primary`: the sub-attributes of most multi-valued attributes (RFC 7643 §2.4). An entry
 * is its `value`, so an entry without one is malformed (400 invalidValue, resource.ts); a reference value names what
 * it may refer to (RFC 7643 §7 `referenceTypes`: photos are external URLs).
 */
function multiValued(
  name: string,
  description: string,
  types: string[],
  options: Options & { valueType?: 'string' | 'reference' } = {},
) {
  const { valueType = 'string', referenceTypes, ...rest } = options;
  return attribute(name, 'complex', description, {
    ...rest,
    multiValued: true,
    subAttributes: [
      attribute('value', valueType, `The value of the ${name} entry.`, {
        required: true,
        ...(referenceTypes ? { referenceTypes } : {}),
      }),
      text('display', 'A human-readable name, primarily used for display purposes.'),
      text('type', 'A label indicating the function of the entry.', { canonicalValues: types }),
      attribute('primary', 'boolean', 'Whether this is the primary entry (at most one).'),
    ],
  });
}

export const USER_ATTRIBUTES: AttributeDefinition[] = [
  text(
    'userName',
    'Unique identifier for the User, used to sign in; unique among the users of one connection.',
    {
      required: true,
      uniqueness: 'server',
    },
  ),
  attribute('name', 'complex', 'The components of the user’s real name.', {
    subAttributes: [
      text('formatted', 'The full name, formatted for display.'),
      text('familyName', 'The family name (last name).'),
      text('givenName', 'The given name (first name).'),
      text('middleName', 'The middle name(s).'),
      text('honorificPrefix', 'The honorific prefix(es), e.g. "Ms.".'),
      text('honorificSuffix', 'The honorific suffix(es), e.g. "III".'),
    ],
  }),
  text('displayName', 'The name of the User, suitable for display to end-users.'),
  text('nickName', 'The casual way to address the user.'),
  attribute('profileUrl', 'reference', 'A URI of the user’s online profile.', {
    referenceTypes: ['external'],
  }),
  text('title', 'The user’s title, such as "Vice President".'),
  text('userType', 'The relationship between the organization and the user, e.g. "Employee".'),
  text('preferredLanguage', 'The user’s preferred written or spoken language (RFC 7231 §5.3.5).'),
  text('locale', 'The user’s default location for localization (e.g. "en-US").'),
  text('timezone', 'The user’s time zone (IANA name, e.g. "Europe/Paris").'),
  // Required: a user always has an administrative status here, and a PATCH may not unassign it (patch.ts). A POST
  // without it provisions an active user, as RFC 7644 §3.5.1 lets a service provider assign a default value.
  attribute('active', 'boolean', 'Whether the user may sign in; false deprovisions them (docs/scim.md).', {
    required: true,
  }),
  text('password', 'Accepted and discarded: Tessera never stores passwords (OPAQUE, RFC 9807).', {
    mutability: 'writeOnly',
    returned: 'never',
  }),
  // Required: every Tessera account has an email address (docs/scim.md "Identity scoping"); an email-shaped userName
  // stands in for it when a client sends none.
  multiValued(
    'emails',
    'Email addresses for the user; the account’s address is taken from them.',
    ['work', 'home', 'other'],
    { required: true },
  ),
  multiValued('phoneNumbers', 'Phone numbers for the user.', [
    'work',
    'home',
    'mobile',
    'fax',
    'pager',
    'other',
  ]),
  multiValued('photos', 'URLs of photos of the user.', ['photo', 'thumbnail'], {
    valueType: 'reference',
    referenceTypes: ['external'],
  }),
  attribute('addresses', 'complex', 'Physical mailing addresses for this user.', {
    multiValued: true,
    subAttributes: [
      text('formatted', 'The full mailing address, formatted for display.'),
      text('streetAddress', 'The full street address.'),
      text('locality', 'The city or locality.'),
      text('region', 'The state or region.'),
      text('postalCode', 'The zip code or postal code.'),
      text('country', 'The country name (ISO 3166-1 alpha-2).'),
      text('type', 'A label indicating the address’s function.', {
        canonicalValues: ['work', 'home', 'other'],
      }),
      attribute('primary', 'boolean', 'Whether this is the primary address.'),
    ],
  }),
  attribute('groups', 'complex', 'The groups of this connection the user belongs to (set through /Groups).', {
    multiValued: true,
    mutability: 'readOnly',
    subAttributes: [
      text('value', 'The id of the group.', { mutability: 'readOnly' }),
      attribute('$ref', 'reference', 'The URI of the group.', {
        mutability: 'readOnly',
        referenceTypes: ['Group'],
      }),
      text('display', 'The displayName of the group.', { mutability: 'readOnly' }),
      text('type', 'direct', { mutability: 'readOnly', canonicalValues: ['direct'] }),
    ],
  }),
  multiValued(
    'roles',
    'Roles as the identity provider names them (stored, not mapped: groups map to roles).',
    [],
  ),
];

export const ENTERPRISE_USER_ATTRIBUTES: AttributeDefinition[] = [
  text('employeeNumber', 'Numeric or alphanumeric identifier assigned to a person by the organization.'),
  text('costCenter', 'Identifies the name of a cost center.'),
  text('organization', 'Identifies the name of an organization.'),
  text('division', 'Identifies the name of a division.'),
  text('department', 'Identifies the name of a department.'),
  attribute('manager', 'complex', 'The user’s manager.', {
    subAttributes: [
      text('value', 'The id of the SCIM resource representing the manager.'),
      attribute('$ref', 'reference', 'The URI of the manager’s resource.', { referenceTypes: ['User'] }),
      text('displayName', 'The displayName of the manager.', { mutability: 'readOnly' }),
    ],
  }),
];

export const GROUP_ATTRIBUTES: AttributeDefinition[] = [
  text('displayName', 'A human-readable name for the Group; unique among the groups of one connection.', {
    required: true,
    uniqueness: 'server',
  }),
  attribute('members', 'complex', 'A list of members of the Group (users of the same connection).', {
    multiValued: true,
    subAttributes: [
      text('value', 'Identifier of the member of this Group.', { mutability: 'immutable', required: true }),
      attribute('$ref', 'reference', 'The URI of the member resource.', {
        mutability: 'immutable',
        referenceTypes: ['User'],
      }),
      text('display', 'The member’s display name.', { mutability: 'readOnly' }),
      text('type', 'The type of member: User.', { mutability: 'immutable', canonicalValues: ['User'] }),
    ],
  }),
];

/** Finds an attribute by name, case-insensitively (RFC 7643 §2.1). */
export function findAttribute(
  attributes: readonly AttributeDefinition[],
  name: string,
): AttributeDefinition | undefined {
  const lower = name.toLowerCase();
  return attributes.find((candidate) => candidate.name.toLowerCase() === lower);
}
