import {
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
  useForm,
  type UseFormProps,
  type UseFormRegister,
} from 'react-hook-form';

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

/**
 * `useForm`, with `field(name)` (above) for a value drawn by a field component and `errorOf(name)`,
 * the message of one drawn by hand (a group of radios or checkboxes).
 */
export function useFieldForm<T extends FieldValues, TContext = unknown, TTransformed = T>(
  props: UseFormProps<T, TContext, TTransformed>,
) {
  const form = useForm<T, TContext, TTransformed>(props);
  const { errors } = form.formState;
  return {
    ...form,
    field: registerField(form.register, errors),
    errorOf: (name: FieldPath<T>) => (errors[name] as { message?: string } | undefined)?.message,
  };
}
