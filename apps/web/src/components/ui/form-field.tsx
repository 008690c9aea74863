import { Slot } from '@radix-ui/react-slot';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';

/**
 * The form kit: one field is a label, a control, an optional description and an error, with their
 * ids wired (`htmlFor`, `aria-describedby`, `aria-invalid`). Every form builds its fields with it:
 *
 *     <FormField label="Title" error={errors.title?.message}>
 *       <FormControl>
 *         <Input {...register('title')} />
 *       </FormControl>
 *     </FormField>
 *
 * A field whose control is a plain input, textarea or select is one element, `TextField`,
 * `TextAreaField` or `SelectField`, which takes the field's props and the control's:
 *
 *     <TextField label="Title" error={errors.title?.message} {...register('title')} />
 *
 * A custom control reads the same wiring with `useFormFieldControl()`.
 */
interface FieldContextValue {
  controlId: string;
  descriptionId: string | undefined;
  errorId: string | undefined;
  invalid: boolean;
}

const FieldContext = React.createContext<FieldContextValue | null>(null);

/** An error worth showing: a non-empty message (react-hook-form's `errors.x?.message`, a server message). */
function hasError(error: React.ReactNode): boolean {
  return error !== undefined && error !== null && error !== false && error !== '';
}

export interface FormFieldProps {
  label: React.ReactNode;
  /** The field's error message; shown under the control, which is then invalid and described by it. */
  error?: React.ReactNode;
  /** A hint (or a live count) under the control, describing it. */
  description?: React.ReactNode;
  /** The control's id, when something else names it; generated otherwise. */
  id?: string;
  /** The description's id, when something else names it; `<id>-description` otherwise. */
  descriptionId?: string;
  className?: string;
  labelClassName?: string;
  descriptionClassName?: string;
  /** `polite` for a description that changes as the member types (a character count). */
  descriptionLive?: 'polite';
  /** `alert` where the form announces its errors as alerts. */
  errorRole?: 'alert';
  children: React.ReactNode;
}

export function FormField({
  label,
  error,
  description,
  id,
  descriptionId: givenDescriptionId,
  className,
  labelClassName,
  descriptionClassName,
  descriptionLive,
  errorRole,
  children,
}: FormFieldProps) {
  const generated = React.useId();
  const controlId = id ?? generated;
  const invalid = hasError(error);
  const descriptionId = description !== undefined ? (givenDescriptionId ?? `${controlId}-description`) : undefined;
  const errorId = invalid ? `${controlId}-error` : undefined;
  return (
    <FieldContext.Provider value={{ controlId, descriptionId, errorId, invalid }}>
      <div className={cn('grid content-start gap-2', className)}>
        <Label htmlFor={controlId} className={labelClassName}>
          {label}
        </Label>
        {children}
        {description !== undefined ? (
          <p
            id={descriptionId}
            className={cn('text-xs text-neutral-text/70', descriptionClassName)}
            aria-live={descriptionLive}
          >
            {description}
          </p>
        ) : null}
        <FormError id={errorId} role={errorRole}>
          {error}
        </FormError>
      </div>
    </FieldContext.Provider>
  );
}

/** A field's (or a whole form's) error text (nothing when there is no error). */
export function FormError({
  id,
  role,
  className,
  children,
}: {
  id?: string;
  role?: 'alert';
  className?: string;
  children?: React.ReactNode;
}) {
  if (!hasError(children)) return null;
  return (
    <p id={id} role={role} className={cn('text-sm text-danger', className)}>
      {children}
    </p>
  );
}

function joinIds(...ids: Array<string | undefined>): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined || undefined;
}

/**
 * The id and ARIA wiring of the enclosing `FormField`'s control; `describedBy` adds ids of
 * the control's own (an extra hint).
 */
export function useFormFieldControl(describedBy?: string) {
  const field = React.useContext(FieldContext);
  if (!field) throw new Error('useFormFieldControl must be used inside a FormField');
  return {
    id: field.controlId,
    'aria-invalid': field.invalid ? true : undefined,
    'aria-describedby': joinIds(describedBy, field.descriptionId, field.errorId),
  } as const;
}

/** Passes the enclosing `FormField`'s id and ARIA wiring to its one child control. */
export const FormControl = React.forwardRef<HTMLElement, React.HTMLAttributes<HTMLElement>>(
  ({ 'aria-describedby': describedBy, ...props }, ref) => {
    const wiring = useFormFieldControl(describedBy);
    return <Slot ref={ref} {...props} {...wiring} />;
  },
);
FormControl.displayName = 'FormControl';

/** A `FormField`'s own props, which the one-element fields take beside their control's. */
type FieldOwnProps = Omit<FormFieldProps, 'children'>;

/** A field's props and its control's; `className` is the field's, `controlClassName` the control's. */
type FieldWithControlProps<A> = FieldOwnProps & Omit<A, 'id' | 'className'> & { controlClassName?: string };

/**
 * The one-element field of a control: a `FormField` around it, which takes the field's props; the
 * ref and the rest of the props (`register(name)`, `value`, `onChange`) are the control's, and its
 * own `aria-describedby` comes before the field's description and error.
 */
function fieldOf<E extends HTMLElement, A extends React.HTMLAttributes<E>>(
  Control: React.ForwardRefExoticComponent<A & React.RefAttributes<E>>,
  displayName: string,
) {
  const Field = React.forwardRef<E, FieldWithControlProps<A>>((props, ref) => {
    const {
      label,
      error,
      description,
      id,
      descriptionId,
      className,
      labelClassName,
      descriptionClassName,
      descriptionLive,
      errorRole,
      controlClassName,
      'aria-describedby': describedBy,
      ...control
    } = props as FieldOwnProps & { controlClassName?: string; 'aria-describedby'?: string; [prop: string]: unknown };
    return (
      <FormField
        label={label}
        error={error}
        description={description}
        id={id}
        descriptionId={descriptionId}
        className={className}
        labelClassName={labelClassName}
        descriptionClassName={descriptionClassName}
        descriptionLive={descriptionLive}
        errorRole={errorRole}
      >
        <FormControl aria-describedby={describedBy}>
          <Control ref={ref} className={controlClassName} {...(control as unknown as A)} />
        </FormControl>
      </FormField>
    );
  });
  Field.displayName = displayName;
  return Field;
}

export type TextFieldProps = FieldWithControlProps<React.InputHTMLAttributes<HTMLInputElement>>;
/** A `FormField` around an `Input`. */
export const TextField = fieldOf(Input, 'TextField');

export type TextAreaFieldProps = FieldWithControlProps<React.TextareaHTMLAttributes<HTMLTextAreaElement>>;
/** A `FormField` around a `Textarea`. */
export const TextAreaField = fieldOf(Textarea, 'TextAreaField');

const SelectOnlyField = fieldOf(Select, 'SelectOnlyField');

export type SelectFieldProps = FieldWithControlProps<React.SelectHTMLAttributes<HTMLSelectElement>> & {
  /** The choices; `children` (its `<option>`s) when not given. */
  options?: ReadonlyArray<{ value: string; label: React.ReactNode }>;
};

/** A `FormField` around a `Select` of `options` (or of its `<option>` children). */
export const SelectField = React.forwardRef<HTMLSelectElement, SelectFieldProps>(
  ({ options, children, ...props }, ref) => (
    <SelectOnlyField ref={ref} {...props}>
      {options
        ? options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))
        : children}
    </SelectOnlyField>
  ),
);
SelectField.displayName = 'SelectField';

export interface FormFieldsetProps {
  legend: React.ReactNode;
  error?: React.ReactNode;
  className?: string;
  legendClassName?: string;
  errorRole?: 'alert';
  children: React.ReactNode;
}

/** A group of radios or checkboxes under one legend, described by its error. */
export function FormFieldset({ legend, error, className, legendClassName, errorRole, children }: FormFieldsetProps) {
  const errorId = `${React.useId()}-error`;
  const invalid = hasError(error);
  return (
    <fieldset className={cn('grid gap-2', className)} aria-describedby={invalid ? errorId : undefined}>
      <legend className={cn('mb-2 text-sm font-medium leading-none', legendClassName)}>{legend}</legend>
      {children}
      <FormError id={errorId} role={errorRole}>
        {error}
      </FormError>
    </fieldset>
  );
}

export interface RadioCardOption<V extends string> {
  value: V;
  label: React.ReactNode;
  hint?: React.ReactNode;
  icon?: React.ComponentType<{ 'aria-hidden'?: boolean | 'true'; className?: string }>;
}

export interface RadioCardGroupProps<V extends string> {
  label: React.ReactNode;
  options: ReadonlyArray<RadioCardOption<V>>;
  /** The radios' shared props: `register(name)` or `name`, `checked`/`onChange`. */
  inputProps: (value: V) => React.InputHTMLAttributes<HTMLInputElement> & React.RefAttributes<HTMLInputElement>;
  error?: React.ReactNode;
  className?: string;
}

const RADIO_OVERLAY = 'absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none opacity-0';

/** A radio group shown as cards: each option's label, hint and icon on a card the whole of which is the radio. */
export function RadioCardGroup<V extends string>({
  label,
  options,
  inputProps,
  error,
  className,
}: RadioCardGroupProps<V>) {
  const id = React.useId();
  const invalid = hasError(error);
  return (
    <div className="grid gap-2">
      <span id={`${id}-label`} className="text-sm font-medium leading-none">
        {label}
      </span>
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-describedby={invalid ? `${id}-error` : undefined}
        aria-invalid={invalid ? true : undefined}
        className={cn('grid gap-3', className)}
      >
        {options.map(({ value, label: optionLabel, hint, icon: Icon }) => (
          <label
            key={value}
            className={cn(
              'relative flex cursor-pointer flex-col items-start gap-1 rounded-lg border border-black/15 bg-white p-4 transition-colors hover:border-primary/60',
              'has-[:checked]:border-primary has-[:checked]:bg-secondary/40 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary',
            )}
          >
            <input
              type="radio"
              value={value}
              className={RADIO_OVERLAY}
              aria-labelledby={`${id}-${value}`}
              aria-describedby={hint !== undefined ? `${id}-${value}-hint` : undefined}
              {...inputProps(value)}
            />
            {Icon ? <Icon aria-hidden="true" className="size-6 text-primary" /> : null}
            <span id={`${id}-${value}`} className="font-semibold">
              {optionLabel}
            </span>
            {hint !== undefined ? (
              <span id={`${id}-${value}-hint`} className="text-xs text-neutral-text/70">
                {hint}
              </span>
            ) : null}
          </label>
        ))}
      </div>
      <FormError id={`${id}-error`}>{error}</FormError>
    </div>
  );
}

export interface FormActionsProps {
  onCancel: () => void;
  /** The form is saving: both buttons are off and the submit button says `busyLabel`. */
  busy: boolean;
  submitLabel: string;
  busyLabel?: string;
  /** Off for another reason than saving (a payment form not ready yet). */
  submitDisabled?: boolean;
  /** Cancel stays on while saving (a dialog the member may leave while its call runs). */
  cancelWhileBusy?: boolean;
}

/** A form's Cancel and submit buttons: side by side, stacked on a phone with the submit on top. */
export function FormActions({
  onCancel,
  busy,
  submitLabel,
  busyLabel = 'Saving...',
  submitDisabled = false,
  cancelWhileBusy = false,
}: FormActionsProps) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button type="button" variant="outline" onClick={onCancel} disabled={busy && !cancelWhileBusy}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy || submitDisabled}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </div>
  );
}
