import type { AnchorHTMLAttributes, Ref } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * A link inside the app, built on React Router's own hooks as its documentation shows for custom
 * links: the router's `<Link>` also carries framework mode's prefetching and discovery, which this
 * app never runs, and every page would load them (a lint rule keeps to this one).
 */
export function Link({ to, replace, state, target, onClick, ref, children, ...props }: LinkProps) {
  const href = useHref(to);
  const follow = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  return (
    <a
      {...props}
      ref={ref}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) follow(event);
      }}
    >
      {children}
    </a>
  );
}
