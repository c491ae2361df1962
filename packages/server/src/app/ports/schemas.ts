import { Type } from 'typebox';

/**
 * An email address as the WHATWG HTML spec validates <input type=email>: no quotes, brackets or spaces, so an
 * address can never carry markup or header syntax into a message.
 */
export const Email = Type.String({
  minLength: 3,
  maxLength: 320,
  pattern:
    "^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$",
});
