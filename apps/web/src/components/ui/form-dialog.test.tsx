import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormDialog } from './form-dialog';
import { TextAreaField } from './form-field';

afterEach(cleanup);

const renderDialog = (busy: boolean, cancelWhileBusy?: boolean) => {
  const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
  const onCancel = vi.fn();
  render(
    <FormDialog
      open
      onOpenChange={() => undefined}
      title="Resolve report"
      description="Your reasons are sent word for word."
      onSubmit={onSubmit}
      onCancel={onCancel}
      busy={busy}
      submitLabel="Resolve"
      busyLabel="Resolving..."
      {...(cancelWhileBusy ? { cancelWhileBusy } : {})}
    >
      <TextAreaField label="Reasons" />
    </FormDialog>,
  );
  return { onSubmit, onCancel };
};

describe('FormDialog', () => {
  it('is a dialog named by its title and described by its description, with its fields and buttons', () => {
    const { onSubmit, onCancel } = renderDialog(false);
    const dialog = screen.getByRole('dialog', { name: 'Resolve report' });
    expect(dialog).toHaveAccessibleDescription('Your reasons are sent word for word.');
    expect(screen.getByLabelText('Reasons').tagName).toBe('TEXTAREA');
    fireEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('keeps Cancel on while busy only when asked to', () => {
    renderDialog(true, true);
    expect(screen.getByRole('button', { name: 'Resolving...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    cleanup();
    renderDialog(true);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});
