import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from './Link';
import styles from './Button.module.css';

type Variant = 'primary' | 'secondary' | 'ghost';

const cls = (variant: Variant, block?: boolean) =>
  [styles.button, styles[variant], block ? styles.block : ''].filter(Boolean).join(' ');

export function Button({
  variant = 'primary',
  block,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  block?: boolean;
  ref?: Ref<HTMLButtonElement>;
}) {
  return <button type={type} className={cls(variant, block)} {...props} />;
}

/** A link that looks like a button: it goes somewhere, so it is a link. */
export function ButtonLink({
  variant = 'primary',
  block,
  ...props
}: LinkProps & { variant?: Variant; block?: boolean; children: ReactNode }) {
  return <Link className={cls(variant, block)} {...props} />;
}

/** A link to another site's page (the payment provider's), in this tab, that looks like a button. */
export function ButtonAnchor({
  variant = 'primary',
  block,
  href,
  children,
}: { href: string; variant?: Variant; block?: boolean; children: ReactNode }) {
  return (
    <a className={cls(variant, block)} rel="noreferrer" href={href}>
      {children}
    </a>
  );
}
