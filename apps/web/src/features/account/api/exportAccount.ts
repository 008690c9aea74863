/**
 * GET /api/account/export answers a JSON attachment, so the browser downloads it from a plain
 * link (the session cookie goes along); no fetch is needed.
 */
export const ACCOUNT_EXPORT_URL = '/api/account/export';
