import type { ReactNode } from 'react';
import styles from './form-alert.module.css';

/**
 * The outcome of a submit: an error is an alert (announced at once), a success a polite status; a warning (what
 * an action will leave behind) is a polite status too.
 */
export function FormAlert({ tone, children }: { tone: 'error' | 'success' | 'warning'; children: ReactNode }) {
  if (tone === 'error') {
    return (
      <div role="alert" className={`${styles.alert} ${styles.error}`}>
        {children}
      </div>
    );
  }
  return (
    <div role="status" className={`${styles.alert} ${tone === 'warning' ? styles.warning : styles.success}`}>
      {children}
    </div>
  );
}
