import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './button.module.css';

interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'children'> {
  /** The accessible name: the button shows only a symbol. */
  label: string;
  /** The symbol, hidden from screen readers by the caller (`aria-hidden`). */
  children: ReactNode;
}

/** A square, borderless button with a symbol (close ×): one tap target wide and high. */
export function IconButton({ label, className, type = 'button', children, ...rest }: IconButtonProps) {
  return (
    <button type={type} className={className ? `${styles.icon} ${className}` : styles.icon} aria-label={label} {...rest}>
      {children}
    </button>
  );
}
