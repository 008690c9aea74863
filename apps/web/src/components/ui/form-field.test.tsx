import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRef } from 'react';
import { FormActions, FormControl, FormError, FormField, SelectField, TextAreaField, TextField } from './form-field';
import { Input } from './input';
import { Select } from './select';
import { Textarea } from './textarea';

afterEach(cleanup);

const describedByTexts = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('FormField', () => {
  it('names its control by the label and describes it by the description, then the error', () => {
    render(
      <FormField label="Amount" description="At least $5" error="Too low" errorRole="alert">
        <FormControl>
          <Input />
        </FormControl>
      </FormField>,
    );
    const input = screen.getByLabelText('Amount');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(describedByTexts(input)).toEqual(['At least $5', 'Too low']);
    expect(screen.getByRole('alert')).toHaveTextContent('Too low');
  });

  it('shows no error and leaves the control valid without one', () => {
    render(
      <FormField label="Amount" error="">
        <FormControl>
          <Input />
        </FormControl>
      </FormField>,
    );
    const input = screen.getByLabelText('Amount');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('keeps a given control id and description id', () => {
    render(
      <FormField label="Password" id="password" descriptionId="password-hint" description="At least 8 characters.">
        <FormControl>
          <Input type="password" />
        </FormControl>
      </FormField>,
    );
    const input = screen.getByLabelText('Password');
    expect(input.id).toBe('password');
    expect(input).toHaveAttribute('aria-describedby', 'password-hint');
    expect(document.getElementById('password-hint')).toHaveTextContent('At least 8 characters.');
  });

  it('wires a textarea and a select the same way', () => {
    render(
      <>
        <FormField label="Reasons" error="Write the reasons">
          <FormControl>
            <Textarea />
          </FormControl>
        </FormField>
        <FormField label="Action">
          <FormControl>
            <Select>
              <option value="dismiss">Dismiss</option>
            </Select>
          </FormControl>
        </FormField>
      </>,
    );
    const reasons = screen.getByLabelText('Reasons');
    expect(reasons.tagName).toBe('TEXTAREA');
    expect(describedByTexts(reasons)).toEqual(['Write the reasons']);
    expect(screen.getByLabelText('Action').tagName).toBe('SELECT');
  });
});

describe('TextField, TextAreaField and SelectField', () => {
  it('wire their control like a FormField and pass it the ref and the rest of the props', () => {
    const ref = createRef<HTMLInputElement>();
    const onChange = vi.fn();
    render(
      <TextField
        ref={ref}
        label="Card number"
        id="card"
        description="16 digits"
        error="Too short"
        className="field"
        controlClassName="control"
        name="cardNumber"
        placeholder="1234"
        onChange={onChange}
      />,
    );
    const input = screen.getByLabelText('Card number');
    expect(input).toBe(ref.current);
    expect(input).toHaveAttribute('id', 'card');
    expect(input).toHaveAttribute('name', 'cardNumber');
    expect(input).toHaveAttribute('placeholder', '1234');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveClass('control');
    expect(input.closest('.field')).not.toBeNull();
    expect(describedByTexts(input)).toEqual(['16 digits', 'Too short']);
    fireEvent.change(input, { target: { value: '42' } });
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('render a textarea, and a select of its options', () => {
    render(
      <>
        <TextAreaField label="Reasons" rows={5} error="Write the reasons" />
        <SelectField
          label="Action"
          defaultValue="warn"
          options={[
            { value: 'dismiss', label: 'Dismiss' },
            { value: 'warn', label: 'Warn' },
          ]}
        />
      </>,
    );
    const reasons = screen.getByLabelText('Reasons');
    expect(reasons.tagName).toBe('TEXTAREA');
    expect(reasons).toHaveAttribute('rows', '5');
    expect(describedByTexts(reasons)).toEqual(['Write the reasons']);
    const action = screen.getByLabelText<HTMLSelectElement>('Action');
    expect(action.tagName).toBe('SELECT');
    expect(action.value).toBe('warn');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Dismiss', 'Warn']);
  });
});

describe('FormError', () => {
  it('renders nothing without a message, and the message with its classes otherwise', () => {
    const { container, rerender } = render(<FormError role="alert">{undefined}</FormError>);
    expect(container).toBeEmptyDOMElement();
    rerender(
      <FormError role="alert" className="mt-2">
        Failed
      </FormError>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed');
    expect(alert).toHaveClass('mt-2', 'text-sm', 'text-danger');
  });
});

describe('FormActions', () => {
  it('cancels and submits; while busy both are off and the submit button says so', () => {
    const onCancel = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const { rerender } = render(
      <form onSubmit={onSubmit}>
        <FormActions onCancel={onCancel} busy={false} submitLabel="Save Changes" />
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);

    rerender(
      <form onSubmit={onSubmit}>
        <FormActions onCancel={onCancel} busy submitLabel="Save Changes" />
      </form>,
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  });

  it('keeps the submit button off while not ready, without calling the form busy', () => {
    render(<FormActions onCancel={() => undefined} busy={false} submitLabel="Save Card" submitDisabled />);
    expect(screen.getByRole('button', { name: 'Save Card' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });
});
