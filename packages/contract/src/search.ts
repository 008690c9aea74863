// Search's limits, free of zod so the header's search box and the saved searches' words load
// without the schema library (docs/performance.md); the API's schemas are in search-schemas.ts.
export const SEARCH_TERM_MAX = 100;
export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;
