import { afterEach, beforeEach, type Mock, vi } from 'vitest';

/**
 * For each test of the file, `fetchMock` stands in for `fetch` (the server at the network
 * boundary); after it, the real `fetch` is back and the mock's calls are forgotten, so every test
 * counts only its own calls. Call it once at the top of a test file.
 */
export function stubFetchForEachTest(fetchMock: Mock) {
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}
