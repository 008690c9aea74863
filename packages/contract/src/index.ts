export * from './constants.js';
export * from './gender.js';
export * from './errors.js';
