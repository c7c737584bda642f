import { Link } from 'react-router';
import type { LinkProps } from 'react-router';
import { buttonClassName, type ButtonLook } from './button-styles';

/** A link that looks like a button: it navigates, so it stays a link for screen readers and new tabs. */
export function ButtonLink({ variant, size, block, className, ...rest }: LinkProps & ButtonLook) {
  return <Link className={buttonClassName({ variant, size, block }, className)} {...rest} />;
}
