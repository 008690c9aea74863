import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useProgressiveCount } from './useProgressiveCount';

describe('useProgressiveCount', () => {
  it('shows the first items at once, then grows while idle until every item is shown', async () => {
    const { result } = renderHook(() => useProgressiveCount(30, { initial: 12, step: 12 }));
    expect(result.current.count).toBe(12);
    await waitFor(() => expect(result.current.count).toBe(30));
  });

  it('never shows more than there are', () => {
    const { result } = renderHook(() => useProgressiveCount(3, { initial: 12, step: 12 }));
    expect(result.current.count).toBe(3);
  });

  it('keeps up with a list that grows again after it was complete', async () => {
    const { result, rerender } = renderHook(({ total }) => useProgressiveCount(total, { initial: 2, step: 2 }), {
      initialProps: { total: 2 },
    });
    expect(result.current.count).toBe(2);
    rerender({ total: 7 });
    await waitFor(() => expect(result.current.count).toBe(7));
  });
});
