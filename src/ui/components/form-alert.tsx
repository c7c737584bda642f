import type { ReactNode } from 'react';
import styles from './form-alert.module.css';

/** The outcome of a submit: an error is an alert (announced at once), a success a polite status. */
export function FormAlert({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  if (tone === 'error') {
    return (
      <div role="alert" className={`${styles.alert} ${styles.error}`}>
        {children}
      </div>
    );
  }
  return (
    <div role="status" className={`${styles.alert} ${styles.success}`}>
      {children}
    </div>
  );
}
