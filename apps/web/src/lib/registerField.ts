import type { FieldErrors, FieldPath, FieldValues, RegisterOptions, UseFormRegister } from 'react-hook-form';

/**
 * `field(name)`: what a `TextField`, `TextAreaField` or `SelectField` takes from a react-hook-form
 * form for one of its values: the registration (`register(name, options)`) and the error message.
 */
export function registerField<T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>) {
  return <N extends FieldPath<T>>(name: N, options?: RegisterOptions<T, N>) => ({
    ...register(name, options),
    error: (errors[name] as { message?: string } | undefined)?.message,
  });
}
