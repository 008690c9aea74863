import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OtpStep } from './OtpStep';

function renderStep(overrides: Partial<Parameters<typeof OtpStep>[0]> = {}) {
  const props = { email: 'ada@example.com', isLoading: false, onVerify: vi.fn(), onBack: vi.fn(), ...overrides };
  render(<OtpStep {...props} />);
  const input = screen.getByLabelText<HTMLInputElement>('Verification code');
  const verify = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Verify' });
  return { props, input, verify };
}

describe('login code input (docs/product.md §5 "Sign-in")', () => {
  afterEach(cleanup);

  it('is a numeric one-time-code field', () => {
    const { input } = renderStep();
    expect(input.inputMode).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
  });

  it('keeps digits only and at most six of them', () => {
    const { input } = renderStep();
    fireEvent.change(input, { target: { value: '12a-3 4' } });
    expect(input.value).toBe('1234');
    fireEvent.change(input, { target: { value: '123456789' } });
    expect(input.value).toBe('123456');
    fireEvent.change(input, { target: { value: 'abc' } });
    expect(input.value).toBe('');
  });

  it('enables Verify only at exactly six digits', () => {
    const { input, verify } = renderStep();
    expect(verify().disabled).toBe(true);
    fireEvent.change(input, { target: { value: '12345' } });
    expect(verify().disabled).toBe(true);
    fireEvent.change(input, { target: { value: '123456' } });
    expect(verify().disabled).toBe(false);
    fireEvent.change(input, { target: { value: '12345' } });
    expect(verify().disabled).toBe(true);
  });

  it('verifies the six-digit code', () => {
    const { input, verify, props } = renderStep();
    fireEvent.change(input, { target: { value: '654321' } });
    fireEvent.click(verify());
    expect(props.onVerify).toHaveBeenCalledExactlyOnceWith('654321');
  });

  it('does not submit a short code with Enter', () => {
    const { input, props } = renderStep();
    fireEvent.change(input, { target: { value: '123' } });
    fireEvent.submit(input.form!);
    expect(props.onVerify).not.toHaveBeenCalled();
  });

  it('disables both buttons while a call runs', () => {
    const { input } = renderStep({ isLoading: true });
    fireEvent.change(input, { target: { value: '123456' } });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Verifying...' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Back to Email' }).disabled).toBe(true);
  });

  it('Back to Email goes back', () => {
    const { props } = renderStep();
    fireEvent.click(screen.getByRole('button', { name: 'Back to Email' }));
    expect(props.onBack).toHaveBeenCalledOnce();
  });
});
