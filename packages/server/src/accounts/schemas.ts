import { Type } from 'typebox';

/** An OPAQUE protocol message (base64url). */
export const OpaqueMessage = Type.String({ minLength: 16, maxLength: 2048 });
