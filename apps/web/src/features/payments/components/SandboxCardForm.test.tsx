import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import { formatCardNumber, formatExpiry, validateSandboxCard } from '../sandboxCard';
import { SandboxCardForm } from './SandboxCardForm';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  const fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SandboxCardForm clientSecret="seti_1_secret_x" onSucceeded={vi.fn()} onCancel={vi.fn()} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Card' }));

describe('sandbox card form', () => {
  it('is a numeric, autofill-friendly card field that groups digits by four', () => {
    renderForm();
    expect(field('Card number').inputMode).toBe('numeric');
    expect(field('Card number').autocomplete).toBe('cc-number');
    expect(field('Expiry (MM / YY)').autocomplete).toBe('cc-exp');
    expect(field('CVC').autocomplete).toBe('cc-csc');
    type('Card number', '4242424242424242');
    expect(field('Card number').value).toBe('4242 4242 4242 4242');
    type('Expiry (MM / YY)', '0429');
    expect(field('Expiry (MM / YY)').value).toBe('04 / 29');
    type('CVC', '12a34');
    expect(field('CVC').value).toBe('1234');
  });

  it('lists the test cards in a visible test-mode note', () => {
    renderForm();
    const note = screen.getByText('Test mode: no real card is charged.').parentElement!;
    expect(note.textContent).toContain('4242 4242 4242 4242 succeeds');
    expect(note.textContent).toContain('4000 0000 0000 0002 is declined');
    expect(note.textContent).toContain('4000 0000 0000 0341 saves, but is declined when charged');
    expect(note.textContent).toContain('4000 0025 0000 3155 needs authentication');
  });

  it('shows each field its problem, marks it invalid and sends nothing', () => {
    const fetchMock = renderForm();
    save();
    expect(screen.getByText('Your card number is incomplete.')).toBeInTheDocument();
    expect(screen.getByText("Your card's expiration date is incomplete.")).toBeInTheDocument();
    expect(screen.getByText("Your card's security code is incomplete.")).toBeInTheDocument();
    expect(field('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(field('Card number').getAttribute('aria-describedby')).toBe(
      screen.getByText('Your card number is incomplete.').id,
    );
    expect(document.activeElement).toBe(field('Card number'));
    expect(fetchMock).not.toHaveBeenCalled();

    // Fixing a field clears its message.
    type('Card number', '4242 4242 4242 4242');
    expect(screen.queryByText('Your card number is incomplete.')).toBeNull();
  });

  it('refuses a month over 12, a past expiry and a number that fails its checksum', () => {
    const fetchMock = renderForm();
    type('Card number', '4242 4242 4242 4241');
    type('Expiry (MM / YY)', '13 / 40');
    type('CVC', '123');
    save();
    expect(screen.getByText('Your card number is invalid.')).toBeInTheDocument();
    expect(screen.getByText("Your card's expiration month is invalid.")).toBeInTheDocument();
    type('Expiry (MM / YY)', '01 / 20');
    save();
    expect(screen.getByText("Your card's expiration date is in the past.")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('sandbox card rules', () => {
  const now = new Date(2026, 4, 15);

  it('formats as it types', () => {
    expect(formatCardNumber('4000-0025 0000 3155 99999')).toBe('4000 0025 0000 3155 999');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('12 / ')).toBe('12');
    expect(formatExpiry('123')).toBe('12 / 3');
  });

  it('builds the contract input: digits only, a four-digit year', () => {
    expect(validateSandboxCard({ cardNumber: '4242 4242 4242 4242', expiry: '05 / 26', cvc: '123' }, 's', now)).toEqual(
      {
        input: { clientSecret: 's', cardNumber: '4242424242424242', expMonth: 5, expYear: 2026, cvc: '123' },
      },
    );
  });

  it('accepts the current month and refuses the one before', () => {
    const card = { cardNumber: '4242424242424242', cvc: '123' };
    expect(validateSandboxCard({ ...card, expiry: '05 / 26' }, 's', now).errors).toBeUndefined();
    expect(validateSandboxCard({ ...card, expiry: '04 / 26' }, 's', now).errors).toEqual({
      expiry: "Your card's expiration date is in the past.",
    });
    expect(validateSandboxCard({ ...card, expiry: '12 / 25' }, 's', now).errors?.expiry).toBe(
      "Your card's expiration date is in the past.",
    );
  });
});
