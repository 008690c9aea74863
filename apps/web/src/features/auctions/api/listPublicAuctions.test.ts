import { BROWSE_LIST_PATH } from '@bid/contract';
import { describe, expect, it } from 'vitest';
import { queryKeyToUrl } from '@/lib/api';
import { publicAuctionsQueryOptions } from './listPublicAuctions';

describe('the public browse list', () => {
  it('is read from the address the server preloads in browse’s index.html', () => {
    // docs/performance.md, item 17: another address would download the list twice.
    expect(queryKeyToUrl(publicAuctionsQueryOptions.queryKey)).toBe(BROWSE_LIST_PATH);
  });
});
