import { Type } from 'typebox';

/**
 * The install choices' limits, one definition for the install page and the tessera command, so a headless install
 * accepts exactly what the page accepts.
 */
export const RegistrationId = Type.String({ maxLength: 200 });
export const ADMIN_NAME_MAX = 200;
export const PRODUCT_NAME_MAX = 80;
export const AdminName = Type.String({ maxLength: ADMIN_NAME_MAX });
export const ProductName = Type.String({ minLength: 1, maxLength: PRODUCT_NAME_MAX });
export const BaseUrlChoice = Type.String({ maxLength: 2000 });
