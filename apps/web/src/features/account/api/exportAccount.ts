import { apiUrl } from '@/lib/apiClient';

/**
 * The data export answers a JSON attachment, so the browser downloads it from a plain link (the
 * session cookie goes along); no fetch is needed.
 */
export const ACCOUNT_EXPORT_URL = apiUrl('exportMyData', {});
