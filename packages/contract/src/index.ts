export * from './constants.js';
export * from './gender.js';
export * from './errors.js';
export * from './profile.js';
export * from './auth.js';
export * from './money.js';
export * from './time.js';
export * from './auctions.js';
