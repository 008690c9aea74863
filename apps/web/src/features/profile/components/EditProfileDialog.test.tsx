import { apiRoutes } from '@bid/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@/lib/useAuth';
import { createQueryClient } from '@/lib/queryClient';
import { EditProfileDialog } from './EditProfileDialog';

const user: CurrentUser = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  profileImageUrl: null,
  bio: 'Tea.',
  bioReview: null,
  age: 36,
  location: 'Austin',
  country: 'USA',
  zipCode: '78701',
  interests: ['Tea'],
  sex: 'female',
  gender: 'female',
  openToDatesWith: ['male'],
  identityVerificationStatus: 'unverified',
  role: 'member',
  onboarding: { photo: 'done', card: 'done', notifications: 'done' },
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
};

function renderDialog(initial: CurrentUser = user) {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <EditProfileDialog user={initial} open onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return { onOpenChange };
}

function stubPut(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('edit profile form (docs/product.md §5 "Profile form")', () => {
  it('shows every required-field message of the spec under its field and sends nothing', async () => {
    const fetchMock = stubPut(200, {});
    const empty = { ...user, firstName: null, lastName: null, age: null, location: null, country: null, zipCode: null };
    renderDialog({ ...empty, sex: null, openToDatesWith: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    for (const message of [
      'First name is required',
      'Last name is required',
      'Invalid age',
      'Location is required',
      'Country is required',
      'Zip code is required',
      'Please select your gender',
      'Please select at least one dating preference',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    const firstName = screen.getByLabelText('First name');
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(firstName.getAttribute('aria-describedby')!)?.textContent).toBe(
      'First name is required',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('counts the bio against 500 and rejects a longer one', async () => {
    stubPut(200, {});
    renderDialog();
    expect(screen.getByText('4/500')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Bio'), { target: { value: 'x'.repeat(501) } });
    expect(screen.getByText('501/500')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Bio must be less than 500 characters')).toBeInTheDocument();
  });

  it('sends the profile and closes on success', async () => {
    const fetchMock = stubPut(200, user);
    const { onOpenChange } = renderDialog();
    fireEvent.change(screen.getByLabelText('Age'), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [url, init] = fetchMock.mock.calls.find(([u]) => u === apiRoutes.updateProfile.path)!;
    expect(url).toBe(apiRoutes.updateProfile.path);
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(init?.body as string)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      bio: 'Tea.',
      age: 40,
      location: 'Austin',
      country: 'USA',
      zipCode: '78701',
      interests: ['Tea'],
      sex: 'female',
      openToDatesWith: ['male'],
    });
  });

  it("puts a 400 'validation' answer on the field it names and keeps the dialog open", async () => {
    stubPut(400, { message: 'Zip code is too long', code: 'validation', field: 'zipCode' });
    const { onOpenChange } = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Zip code is too long')).toBeInTheDocument();
    expect(screen.getByLabelText('Zip code').getAttribute('aria-invalid')).toBe('true');
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
