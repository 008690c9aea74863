import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { publicConfig } from '@/lib/config';
import FaqsPage from './FaqsPage';

describe('FAQ soft-close answer', () => {
  const original = publicConfig.softCloseSeconds;
  afterEach(() => {
    publicConfig.softCloseSeconds = original;
  });

  it('states the configured window', () => {
    publicConfig.softCloseSeconds = 120;
    render(<FaqsPage />);
    expect(
      screen.getByText(/a bid placed in the final 2 minutes moves the end to 2 minutes after that bid/),
    ).toBeTruthy();
  });

  it('says auctions end on time when soft close is off', () => {
    publicConfig.softCloseSeconds = 0;
    render(<FaqsPage />);
    expect(screen.getByText('Auctions end exactly at their end time; a late bid does not extend them.')).toBeTruthy();
  });
});
