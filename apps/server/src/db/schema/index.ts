export * from './enums.js';
export * from './users.js';
export * from './auctions.js';
export * from './messages.js';
export * from './notifications.js';
export * from './audit.js';
export * from './sessions.js';
export * from './auth.js';
