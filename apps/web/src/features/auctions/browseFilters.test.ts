import type { AuctionListItem } from '@bid/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BROWSE_FILTERS, filterAndSortAuctions } from './browseFilters';
import { makeAuctionListItem } from '@/testing/auctions';

let nextId = 0;
function auction(overrides: Partial<AuctionListItem>): AuctionListItem {
  nextId += 1;
  return makeAuctionListItem({ id: `a${nextId}`, title: `Auction ${nextId}`, ...overrides });
}

const titles = (list: AuctionListItem[]) => list.map((a) => a.title);

describe('public browse filtering (docs/product.md §2 "Public browse page")', () => {
  it('searches titles, descriptions and locations, case-insensitively', () => {
    const list = [
      auction({ title: 'Latte Art' }),
      auction({ title: 'Bowling', description: 'Strikes and LATTES' }),
      auction({ title: 'Tacos', location: 'Lattetown' }),
      auction({ title: 'Chess' }),
    ];
    const found = filterAndSortAuctions(list, { ...DEFAULT_BROWSE_FILTERS, search: '  latte ' }, null);
    expect(titles(found).sort()).toEqual(['Bowling', 'Latte Art', 'Tacos']);
  });

  it('filters by date type and by current-bid band, each amount in exactly one band', () => {
    const list = [
      auction({ title: 'c24', currentBid: '24.99' }),
      auction({ title: 'c25', currentBid: '25.00' }),
      auction({ title: 'd50', dateType: 'dinner', currentBid: '50.00' }),
      auction({ title: 'd100', dateType: 'dinner', currentBid: '100.00' }),
    ];
    const band = (priceRange: typeof DEFAULT_BROWSE_FILTERS.priceRange) =>
      titles(filterAndSortAuctions(list, { ...DEFAULT_BROWSE_FILTERS, priceRange }, null));
    expect(band('0-25')).toEqual(['c24']);
    expect(band('25-50')).toEqual(['c25']);
    expect(band('50-100')).toEqual(['d50']);
    expect(band('100+')).toEqual(['d100']);
    expect(titles(filterAndSortAuctions(list, { ...DEFAULT_BROWSE_FILTERS, dateType: 'dinner' }, null))).toEqual([
      'd50',
      'd100',
    ]);
  });

  it('applies the radius only when the visitor location is known', () => {
    const austin = { latitude: 30.2672, longitude: -97.7431 };
    const list = [
      auction({ title: 'near', latitude: '30.30000000', longitude: '-97.75000000' }),
      auction({ title: 'houston', latitude: '29.76040000', longitude: '-95.36980000' }),
      auction({ title: 'nowhere' }),
    ];
    const radius25 = { ...DEFAULT_BROWSE_FILTERS, radius: '25' as const };
    expect(titles(filterAndSortAuctions(list, radius25, null))).toHaveLength(3);
    expect(titles(filterAndSortAuctions(list, radius25, austin))).toEqual(['near']);
    expect(titles(filterAndSortAuctions(list, { ...radius25, radius: 'any' }, austin))).toHaveLength(3);
  });

  it('sorts by ending time, newest, and price both ways', () => {
    const list = [
      auction({ title: 'x', endTime: '2030-01-03T00:00:00Z', createdAt: '2025-01-02T00:00:00Z', currentBid: '30.00' }),
      auction({ title: 'y', endTime: '2030-01-01T00:00:00Z', createdAt: '2025-01-03T00:00:00Z', currentBid: '9.50' }),
      auction({ title: 'z', endTime: '2030-01-02T00:00:00Z', createdAt: '2025-01-01T00:00:00Z', currentBid: '100.00' }),
    ];
    const sorted = (sortBy: typeof DEFAULT_BROWSE_FILTERS.sortBy) =>
      titles(filterAndSortAuctions(list, { ...DEFAULT_BROWSE_FILTERS, sortBy }, null));
    expect(sorted('ending-soon')).toEqual(['y', 'z', 'x']);
    expect(sorted('newest')).toEqual(['y', 'x', 'z']);
    expect(sorted('price-low')).toEqual(['y', 'x', 'z']);
    expect(sorted('price-high')).toEqual(['z', 'x', 'y']);
  });

  it('sorts by best hosts: Top hosts, then show-up rate, rating and dates, new hosts last, ties by end time', () => {
    const host = (reputation: AuctionListItem['creator']['reputation']) => ({
      ...makeAuctionListItem({}).creator,
      reputation,
    });
    const top = host({ datesCompleted: 6, showUpRate: 1, reviewCount: 5, averageRating: 4.8 });
    const reliable = host({ datesCompleted: 12, showUpRate: 1, reviewCount: 9, averageRating: 4.5 });
    const flaky = host({ datesCompleted: 20, showUpRate: 0.8, reviewCount: 15, averageRating: 5 });
    const fewDates = host({ datesCompleted: 2, showUpRate: null, reviewCount: 1, averageRating: null });
    const newHost = host({ datesCompleted: 0, showUpRate: null, reviewCount: 0, averageRating: null });
    const list = [
      auction({ title: 'new', creator: newHost, endTime: '2030-01-01T00:00:00Z' }),
      auction({ title: 'few', creator: fewDates, endTime: '2030-01-01T00:00:00Z' }),
      auction({ title: 'flaky', creator: flaky, endTime: '2030-01-01T00:00:00Z' }),
      auction({ title: 'reliable later', creator: reliable, endTime: '2030-01-05T00:00:00Z' }),
      auction({ title: 'reliable sooner', creator: reliable, endTime: '2030-01-02T00:00:00Z' }),
      auction({ title: 'top', creator: top, endTime: '2030-01-09T00:00:00Z' }),
    ];
    expect(titles(filterAndSortAuctions(list, { ...DEFAULT_BROWSE_FILTERS, sortBy: 'best-hosts' }, null))).toEqual([
      'top',
      'reliable sooner',
      'reliable later',
      'flaky',
      'few',
      'new',
    ]);
  });
});
