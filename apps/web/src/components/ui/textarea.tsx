import { forwardRef, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';
import { Field, controlClasses } from './field.tsx';

export interface TextareaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  id?: string;
  containerClassName?: string;
}

/** A labelled multi-line text input. */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  { label, hint, error, id, className, containerClassName, rows = 4, ...rest },
  ref,
) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={containerClassName}>
      {(field) => <textarea ref={ref} rows={rows} className={cn(controlClasses, 'min-h-24 resize-y', className)} {...field} {...rest} />}
    </Field>
  );
});
