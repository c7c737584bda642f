import { useId, useLayoutEffect, useRef } from 'react';
import type { KeyboardEvent, MouseEvent, PointerEvent, ReactNode, RefObject, SyntheticEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { IconButton } from './icon-button';
import styles from './dialog.module.css';

/**
 * Dismissible (the default): a close button, Escape and a click on the backdrop call `onClose`.
 * Not dismissible: none of them exists or works; the dialog ends only when its owner stops rendering it
 * (a choice that must be made, such as the company to order for right after login).
 */
type Dismissal =
  | { dismissible?: true; onClose(): void; /** Names the close button; default "Close". */ closeLabel?: string }
  | { dismissible: false; onClose?: never; closeLabel?: never };

export type DialogProps = Dismissal & {
  /** The visible heading, and the dialog's accessible name. */
  title: string;
  /** A sentence under the title, read out with the name (`aria-describedby`). */
  description?: ReactNode;
  /** The element focused on opening; default the first focusable element, else the dialog itself. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Actions under the content (buttons), aligned to the end. */
  footer?: ReactNode;
  /**
   * 'sheet': full height on phones and wider, with edge-to-edge content (search); 'drawer': full height along
   * the start edge (the side menu); default a centred box.
   */
  size?: 'normal' | 'sheet' | 'drawer';
  children: ReactNode;
};

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** jsdom and some old WebViews have no showModal(); the `open` attribute keeps the content reachable there. */
function openModal(dialog: HTMLDialogElement): void {
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else dialog.setAttribute('open', '');
}

function closeModal(dialog: HTMLDialogElement): void {
  if (typeof dialog.close === 'function') {
    if (dialog.open) dialog.close();
  } else dialog.removeAttribute('open');
}

/**
 * Opens the native dialog as a modal when it mounts and focuses `initialFocus` (else the first focusable
 * element, else the dialog); closes it and gives focus back to the opener when it unmounts. A layout
 * effect, so the cleanup runs while the element is still in the document.
 */
function useModal(ref: RefObject<HTMLDialogElement | null>, initialFocus: RefObject<HTMLElement | null> | undefined): void {
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openModal(dialog);
    const target = initialFocus?.current ?? dialog.querySelector<HTMLElement>(FOCUSABLE) ?? dialog;
    target.focus();
    return () => {
      closeModal(dialog);
      if (opener?.isConnected) opener.focus();
    };
    // Opening is once per mount; a later initialFocus must not move the focus under the user's hands.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/**
 * The ways out of a dialog: the close button, Escape and a click on the backdrop call `onClose` when the
 * dialog is dismissible and do nothing otherwise. Returns the close action and the <dialog>'s handlers.
 */
function useDismissal(ref: RefObject<HTMLDialogElement | null>, dismissible: boolean, onClose: (() => void) | undefined) {
  const pressedOnBackdrop = useRef(false);
  const requestClose = () => {
    if (!dismissible) return;
    // Closed before the owner reacts: while a modal is open the page is inert and cannot take focus.
    if (ref.current) closeModal(ref.current);
    onClose?.();
  };
  const onEscape = (event: SyntheticEvent<HTMLDialogElement>) => {
    // Cancelled in every case: a non-dismissible dialog must stay, a dismissible one closes through its owner.
    event.preventDefault();
    requestClose();
  };
  const handlers = {
    onCancel: onEscape,
    onKeyDown: (event: KeyboardEvent<HTMLDialogElement>) => {
      // Also where there is no native cancel event (jsdom, older WebViews); a handled Escape raises no cancel.
      if (event.key === 'Escape') onEscape(event);
    },
    onClose: (event: SyntheticEvent<HTMLDialogElement>) => {
      // A browser may close a modal despite a cancelled Escape (Chromium's close watcher does on a second
      // press without user activation): a dialog that cannot be dismissed opens again.
      const dialog = event.currentTarget;
      if (!dismissible && !dialog.open && dialog.isConnected) openModal(dialog);
    },
    onPointerDown: (event: PointerEvent<HTMLDialogElement>) => {
      pressedOnBackdrop.current = event.target === event.currentTarget;
    },
    onClick: (event: MouseEvent<HTMLDialogElement>) => {
      // The content fills the dialog, so only a press and release outside it land on the element itself.
      const onBackdrop = event.target === event.currentTarget && pressedOnBackdrop.current;
      pressedOnBackdrop.current = false;
      if (onBackdrop) requestClose();
    },
  };
  return { requestClose, handlers };
}

/**
 * Every modal of the storefront, on the native `<dialog>`: the browser traps focus and makes the page
 * inert. Mounted means open: the owner renders it while it should show and drops it to close it, so its
 * content starts fresh each time. Focus goes to `initialFocus` on opening and back to the element that
 * had it on closing.
 */
export function Dialog(props: DialogProps) {
  const { title, description, initialFocus, footer, size = 'normal', children } = props;
  const dismissible = props.dismissible !== false;
  const { t } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useModal(ref, initialFocus);
  const { requestClose, handlers } = useDismissal(ref, dismissible, props.onClose);

  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${styles[size]}`}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      tabIndex={-1}
      {...handlers}
    >
      <div className={styles.frame}>
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {dismissible ? (
            <IconButton label={props.closeLabel ?? t`Close`} onClick={requestClose}>
              <span aria-hidden="true">×</span>
            </IconButton>
          ) : null}
        </div>
        <div className={styles.body}>
          {description ? (
            <p id={descriptionId} className={styles.description}>
              {description}
            </p>
          ) : null}
          {children}
        </div>
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </dialog>
  );
}
