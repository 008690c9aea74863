import type { ProfileCompletenessFields } from '@bid/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordToasts } from '@/testing/toasts';
import { createQueryClient } from '@/lib/queryClient';
import { localDateString } from '../createAuctionForm';
import { CreateAuctionForm } from './CreateAuctionForm';

const completeUser: ProfileCompletenessFields = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  age: 36,
  location: 'Austin',
  sex: 'female',
  openToDatesWith: ['male'],
};

function renderForm(user: ProfileCompletenessFields | null = completeUser) {
  const onCreated = vi.fn();
  const onCancel = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CreateAuctionForm user={user} onCreated={onCreated} onCancel={onCancel} />
    </QueryClientProvider>,
  );
  const toasts = recordToasts();
  return { onCreated, onCancel, toasts };
}

function stubFetch(respond: () => Promise<Response>) {
  const fetchMock = vi.fn((_url: string, _init?: RequestInit) => respond());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create Auction' }));

function tomorrow(): string {
  const date = new Date();
  date.setDate(date.getDate() + 1);
  return localDateString(date);
}

/** Every field valid; the end date is left to each test. */
function fillValidFields() {
  type('Title', 'Coffee and a chess game');
  type('Description', 'A relaxed afternoon of coffee and a friendly game.');
  fireEvent.click(screen.getByRole('radio', { name: 'Coffee' }));
  type('Location', 'Austin, TX');
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('create auction form (docs/product.md §2 "Create Auction page", §5, §9)', () => {
  it('starts with the spec defaults', () => {
    renderForm();
    expect(field('Search radius (miles)').value).toBe('25');
    expect(field('Starting bid ($)').value).toBe('20');
    expect(field('Buy now price ($, optional)').value).toBe('');
    expect(field('End time').value).toBe('23:59');
    expect(field('End time').type).toBe('time');
    expect(field('End date').type).toBe('date');
    expect(field('End date').min).toBe(localDateString());
    const duration = screen.getByLabelText<HTMLSelectElement>('Expected duration');
    expect(duration.options).toHaveLength(96);
    expect(duration.value).toBe('60');
    expect(duration.selectedOptions[0]?.textContent).toBe('1h');
    expect(duration.options[5]?.textContent).toBe('1h 30m');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Split 50/50' }).checked).toBe(true);
    expect(screen.getByRole('radio', { name: 'Date pays' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Host pays' })).toBeInTheDocument();
    expect(screen.getAllByRole('radiogroup')).toHaveLength(2);
  });

  it('counts payment notes against 500 as they are typed', () => {
    renderForm();
    expect(screen.getByText('0/500')).toBeInTheDocument();
    type('Payment notes (optional)', 'Coffee is on me');
    expect(screen.getByText('15/500')).toBeInTheDocument();
    type('Payment notes (optional)', 'x'.repeat(501));
    expect(screen.getByText('501/500')).toBeInTheDocument();
  });

  it('shows the spec messages under each invalid field and sends nothing', async () => {
    const fetchMock = stubFetch(async () => new Response('{}', { status: 201 }));
    renderForm();
    type('Search radius (miles)', '0');
    type('Starting bid ($)', '0');
    type('Payment notes (optional)', 'x'.repeat(501));
    submit();
    for (const message of [
      'Title is required',
      'Description must be at least 10 characters',
      'Please select a date type',
      'Location is required',
      'Radius must be at least 1 mile',
      'Starting bid must be at least $1',
      'Payment notes must be less than 500 characters',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    const title = field('Title');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(title.getAttribute('aria-describedby')!)?.textContent).toBe('Title is required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a radius above 500 and a dinner shorter than 30 minutes', async () => {
    renderForm();
    fillValidFields();
    type('Title', 'x'.repeat(256));
    fireEvent.click(screen.getByRole('radio', { name: 'Dinner' }));
    fireEvent.change(screen.getByLabelText('Expected duration'), { target: { value: '15' } });
    type('Search radius (miles)', '501');
    submit();
    expect(await screen.findByText('Title too long')).toBeInTheDocument();
    expect(screen.getByText('Radius too large')).toBeInTheDocument();
    expect(screen.getByText('Duration must meet minimum requirements for selected date type')).toBeInTheDocument();
  });

  it('runs the pre-submit checks in order: profile, end date, end time, buy-now price', async () => {
    const fetchMock = stubFetch(async () => new Response('{}', { status: 201 }));
    const incomplete = renderForm({ ...completeUser, sex: null });
    fillValidFields();
    submit();
    await waitFor(() =>
      expect(incomplete.toasts.last()).toMatchObject({
        title: 'Complete Your Profile',
        description:
          'Please complete all mandatory profile fields (name, age, gender, location, and dating preferences) before creating an auction.',
      }),
    );
    cleanup();

    const { toasts } = renderForm();
    fillValidFields();
    submit();
    await waitFor(() =>
      expect(toasts.last()).toMatchObject({
        title: 'End Date Required',
        description: 'Please select an end date for your auction.',
      }),
    );

    // Today at 00:00 has passed (the date picker itself refuses earlier days).
    type('End date', localDateString());
    type('End time', '00:00');
    submit();
    await waitFor(() =>
      expect(toasts.last()).toMatchObject({
        title: 'Invalid End Time',
        description: 'End time must be in the future.',
      }),
    );

    type('End date', tomorrow());
    type('Buy now price ($, optional)', '20');
    submit();
    await waitFor(() =>
      expect(toasts.last()).toMatchObject({
        title: 'Invalid Buy Now Price',
        description: 'Buy now price must be higher than starting bid.',
      }),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('previews the prices and the end, then creates the auction with the API body of docs/product.md §7', async () => {
    let resolve: (response: Response) => void = () => {};
    const fetchMock = stubFetch(() => new Promise<Response>((r) => (resolve = r)));
    const { onCreated, toasts } = renderForm();
    fillValidFields();
    const end = tomorrow();
    type('End date', end);
    type('End time', '18:30');
    type('Starting bid ($)', '25');
    type('Buy now price ($, optional)', '90');
    type('Payment notes (optional)', '  I will bring snacks  ');
    fireEvent.change(screen.getByLabelText('Expected duration'), { target: { value: '90' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Host pays' }));

    const preview = screen.getByTestId('auction-preview');
    expect(preview.textContent).toContain('$25');
    expect(preview.textContent).toContain('$90');
    expect(preview.textContent).toMatch(/at 6:30\sPM/);

    submit();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Creating...' })).toBeInTheDocument());
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Creating...' }).disabled).toBe(true);
    const [url, init] = fetchMock.mock.calls.find(([u]) => u === '/api/auctions')!;
    expect(init?.method).toBe('POST');
    expect(url).toBe('/api/auctions');
    expect(JSON.parse(init?.body as string)).toEqual({
      title: 'Coffee and a chess game',
      description: 'A relaxed afternoon of coffee and a friendly game.',
      dateType: 'coffee',
      location: 'Austin, TX',
      locationRadius: 25,
      startingBid: '25.00',
      buyNowPrice: '90.00',
      endTime: new Date(`${end}T18:30`).toISOString(),
      paymentResponsibility: 'creator_pays',
      paymentNotes: 'I will bring snacks',
      expectedDuration: 90,
    });

    resolve(new Response(JSON.stringify({ id: 'new-auction' }), { status: 201 }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(toasts.last()).toMatchObject({
      title: 'Auction Created!',
      description: 'Your auction has been successfully created and is now live.',
    });
  });

  it("shows 'Creation Failed' with the server's message, or the spec's fallback", async () => {
    stubFetch(
      async () =>
        new Response(JSON.stringify({ message: 'Title too long', code: 'validation', field: 'title' }), {
          status: 400,
        }),
    );
    const { onCreated, toasts } = renderForm();
    fillValidFields();
    type('End date', tomorrow());
    submit();
    await waitFor(() =>
      expect(toasts.last()).toMatchObject({
        title: 'Creation Failed',
        description: 'Title too long',
      }),
    );
    expect(field('Title').getAttribute('aria-invalid')).toBe('true');

    stubFetch(async () => new Response('', { status: 500, statusText: 'Internal Server Error' }));
    submit();
    await waitFor(() =>
      expect(toasts.last()).toMatchObject({
        title: 'Creation Failed',
        description: 'Failed to create auction',
      }),
    );
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('Cancel goes back without sending anything', () => {
    const fetchMock = stubFetch(async () => new Response('{}', { status: 201 }));
    const { onCancel } = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
