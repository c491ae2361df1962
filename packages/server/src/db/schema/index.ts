export * from './accounts.js';
export * from './core.js';
export * from './oauth.js';
