import { describe, expect, it } from 'vitest';
import { changedAuctionFields, toEditValues, validateAuctionChanges, validationErrorDescription } from './auctionEdit';

const saved = toEditValues({
  title: 'Coffee at the museum',
  description: 'A slow espresso and the new wing.',
  location: 'Austin, TX',
  buyNowPrice: '80.00',
});

describe('changed fields of the auction edit (docs/product.md §5: only changed fields are sent)', () => {
  it('starts from the saved auction, with no location or buy-now price as empty text', () => {
    expect(toEditValues({ title: 't', description: 'd', location: null, buyNowPrice: null })).toEqual({
      title: 't',
      description: 'd',
      location: '',
      buyNowPrice: '',
      reservePrice: '',
    });
  });

  it('sends a changed reserve price, and null when it is emptied (docs/auctions.md, "Reserve price")', () => {
    const withReserve = toEditValues({ ...saved, location: saved.location, reservePrice: '60.00' });
    expect(changedAuctionFields(withReserve, { ...withReserve, reservePrice: '60' })).toEqual({});
    expect(changedAuctionFields(withReserve, { ...withReserve, reservePrice: '50' })).toEqual({ reservePrice: '50' });
    expect(changedAuctionFields(withReserve, { ...withReserve, reservePrice: ' ' })).toEqual({ reservePrice: null });
    expect(validateAuctionChanges({ reservePrice: '50.50' })).toEqual({
      ok: false,
      path: 'reservePrice',
      message: 'Reserve price must be a whole number of dollars',
    });
  });

  it('is empty when nothing changed, or only surrounding spaces and the way a price is written', () => {
    expect(changedAuctionFields(saved, saved)).toEqual({});
    expect(
      changedAuctionFields(saved, {
        ...saved,
        title: ` ${saved.title}  `,
        location: `${saved.location} `,
        buyNowPrice: '80',
      }),
    ).toEqual({});
  });

  it('holds only the fields that differ', () => {
    expect(changedAuctionFields(saved, { ...saved, title: 'Tea at the museum' })).toEqual({
      title: 'Tea at the museum',
    });
    expect(changedAuctionFields(saved, { ...saved, description: 'New plan.', location: 'Dallas, TX' })).toEqual({
      description: 'New plan.',
      location: 'Dallas, TX',
    });
    expect(changedAuctionFields(saved, { ...saved, buyNowPrice: '95.5' })).toEqual({ buyNowPrice: '95.5' });
  });

  it('clears the buy-now price when it is emptied, and sets one where there was none', () => {
    expect(changedAuctionFields(saved, { ...saved, buyNowPrice: '  ' })).toEqual({ buyNowPrice: null });
    const none = { ...saved, buyNowPrice: '' };
    expect(changedAuctionFields(none, none)).toEqual({});
    expect(changedAuctionFields(none, { ...none, buyNowPrice: '60' })).toEqual({ buyNowPrice: '60' });
  });

  it('keeps a price that is not an amount, so validation can name it', () => {
    expect(changedAuctionFields(saved, { ...saved, buyNowPrice: 'abc' })).toEqual({ buyNowPrice: 'abc' });
  });
});

describe('validating the changed fields', () => {
  it('passes valid changes on in the form the API takes', () => {
    expect(validateAuctionChanges({ title: '  New title ', buyNowPrice: '95.5' })).toEqual({
      ok: true,
      changes: { title: 'New title', buyNowPrice: '95.50' },
    });
    expect(validateAuctionChanges({ buyNowPrice: null })).toEqual({ ok: true, changes: { buyNowPrice: null } });
  });

  it("names the field path and the message for the 'Validation Error' toast", () => {
    const emptyTitle = validateAuctionChanges({ title: '   ' });
    expect(emptyTitle).toEqual({ ok: false, path: 'title', message: 'Title is required' });
    expect(validationErrorDescription(emptyTitle as { path: string; message: string })).toBe(
      'title: Title is required',
    );

    const longTitle = validateAuctionChanges({ title: 'x'.repeat(256) });
    expect(longTitle).toEqual({ ok: false, path: 'title', message: 'Title too long' });

    expect(validateAuctionChanges({ description: '' })).toEqual({
      ok: false,
      path: 'description',
      message: 'Description is required',
    });
    for (const price of ['0', '-5', 'abc', '12.345']) {
      expect(validateAuctionChanges({ buyNowPrice: price })).toEqual({
        ok: false,
        path: 'buyNowPrice',
        message: 'Buy now price must be a positive number',
      });
    }
  });
});
