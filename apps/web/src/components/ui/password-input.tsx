import { forwardRef, useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { Field, controlClasses } from './field.tsx';
import type { InputProps } from './input.tsx';

/** A password input with a show/hide toggle ('Show password' / 'Hide password'). */
export const PasswordInput = forwardRef<HTMLInputElement, Omit<InputProps, 'type'>>(function PasswordInput(
  { label, hint, error, id, className, containerClassName, ...rest },
  ref,
) {
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} hint={hint} error={error} id={id} className={containerClassName}>
      {(field) => (
        <div className="relative">
          <input
            ref={ref}
            type={visible ? 'text' : 'password'}
            className={cn(controlClasses, 'pr-14', className)}
            autoCapitalize="none"
            spellCheck={false}
            {...field}
            {...rest}
          />
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? 'Hide password' : 'Show password'}
            aria-pressed={visible}
            aria-controls={field.id}
            className="absolute top-1/2 right-1.5 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full text-muted hover:bg-raised hover:text-fg"
          >
            {visible ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
          </button>
        </div>
      )}
    </Field>
  );
});
