import styles from './button.module.css';

export interface ButtonLook {
  /** primary: the one main action of a form or page; secondary: any other action; danger: undoes or refuses. */
  variant?: 'primary' | 'secondary' | 'danger';
  /** small: smaller text for tight places (header, notices); the tap target stays the same. */
  size?: 'normal' | 'small';
  /** As wide as its container (a form's submit, a menu's last action). */
  block?: boolean;
}

/** The class names of a button look, for <Button>, <ButtonLink> and anything else that must look like one. */
export function buttonClassName({ variant = 'secondary', size = 'normal', block = false }: ButtonLook = {}, extra?: string): string {
  return [styles.button, styles[variant], size === 'small' ? styles.small : '', block ? styles.block : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}
