import type { InputHTMLAttributes } from 'react';
import styles from './quantity-input.module.css';

type QuantityInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'min' | 'step'>;

/** A whole number of pieces, at least one, with the numeric keyboard on phones; labelled by its caller. */
export function QuantityInput({ className, ...input }: QuantityInputProps) {
  return (
    <input
      {...input}
      className={className ? `${styles.qty} ${className}` : styles.qty}
      type="number"
      inputMode="numeric"
      min={1}
      step={1}
    />
  );
}
