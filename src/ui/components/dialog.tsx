import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import styles from './dialog.module.css';

interface DialogProps {
  open: boolean;
  /** Becomes the dialog's accessible name and visible heading. */
  title: string;
  onClose(): void;
  children: ReactNode;
}

/**
 * A modal on the native `<dialog>`: the browser traps focus, makes the rest inert, closes on Escape and
 * returns focus to the opener. Rendered only while open so its content mounts fresh each time.
 */
export function Dialog({ open, title, onClose, children }: DialogProps) {
  const { t } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    // jsdom has no showModal; the open attribute keeps the content reachable there.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => {
      if (dialog.open) dialog.close();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <button type="button" className={styles.close} onClick={onClose} aria-label={t`Close`}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className={styles.body}>{children}</div>
    </dialog>
  );
}
