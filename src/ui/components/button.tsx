import type { ButtonHTMLAttributes } from 'react';
import { buttonClassName, type ButtonLook } from './button-styles';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonLook {
  /** Waiting for the action it started: disabled, with a busy cursor (the label says what is happening). */
  busy?: boolean;
}

/** Every text button of the storefront. `type` defaults to "button"; a form's submit says `type="submit"`. */
export function Button({ variant, size, block, busy = false, className, type = 'button', disabled, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, block }, className)}
      disabled={disabled || busy}
      data-busy={busy ? 'true' : undefined}
      {...rest}
    />
  );
}
