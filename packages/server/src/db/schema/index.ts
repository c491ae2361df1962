export * from './accounts.js';
export * from './admin.js';
export * from './core.js';
export * from './keys.js';
export * from './oauth.js';
export * from './orgs.js';
export * from './otp.js';
export * from './scim.js';
