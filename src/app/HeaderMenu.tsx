import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Menu, X } from 'lucide-react';
import { useLocale } from '../i18n/locale';
import { LoadBoundary, Unavailable } from './LoadBoundary';
import styles from './HeaderMenu.module.css';

// The menu's links come when it is first wanted: a pointer over the button or the focus on it starts
// the fetch, so that they are usually there by the time it opens.
const loadLinks = () => import('./MenuLinks');
const MenuLinks = lazy(loadLinks);
const prefetch = () => void loadLinks().catch(() => undefined);

/**
 * The header's menu: the account's places, emergency assistance and logging in or out, from every
 * screen. A disclosure (a button that shows a list of links), not an application menu: links keep
 * their usual keys. Opening puts the focus on the first link; Escape closes it and gives the focus
 * back to the button; a tap outside, the focus leaving it, or following a link closes it too.
 */
export function HeaderMenu() {
  const { t } = useLocale();
  const m = t.menu;
  const { key } = useLocation();
  // Open for the screen it was opened on: any new screen (a link followed, back, a redirect) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === key;
  const setOpen = (next: boolean) => setOpenOn(next ? key : null);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // While open: Escape, a tap elsewhere, or the focus moving out of it closes it.
  useEffect(() => {
    const menu = root.current;
    if (!open || !menu) return;
    const inside = (node: EventTarget | null) => node instanceof Node && menu.contains(node);
    const onPointerDown = (event: PointerEvent) => inside(event.target) || setOpenOn(null);
    const onFocusOut = (event: FocusEvent) => event.relatedTarget === null || inside(event.relatedTarget) || setOpenOn(null);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setOpenOn(null);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    menu.addEventListener('focusout', onFocusOut);
    menu.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      menu.removeEventListener('focusout', onFocusOut);
      menu.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const close = (focusButton = false) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };

  return (
    <div ref={root} className={styles.root}>
      <button
        ref={button}
        type="button"
        className={styles.button}
        aria-label={m.open}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        onPointerEnter={prefetch}
        onFocus={prefetch}
      >
        {open ? <X aria-hidden size={22} /> : <Menu aria-hidden size={22} />}
      </button>
      <nav id={id} className={styles.panel} aria-label={m.label} hidden={!open}>
        {open && (
          <LoadBoundary fallback={<Unavailable />}>
            <Suspense fallback={<p className={styles.loading} aria-busy="true" />}>
              <MenuLinks close={close} />
            </Suspense>
          </LoadBoundary>
        )}
      </nav>
    </div>
  );
}
