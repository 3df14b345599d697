import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Field, controlClasses } from './field.tsx';

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  id?: string;
  containerClassName?: string;
}

/** A labelled text input with an optional hint and error message. */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { label, hint, error, id, className, containerClassName, ...rest },
  ref,
) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={containerClassName}>
      {(field) => <input ref={ref} className={cn(controlClasses, className)} {...field} {...rest} />}
    </Field>
  );
});
