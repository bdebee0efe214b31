import styles from './UaePassButton.module.css';

/** The official look: white, outlined, with the UAE PASS fingerprint mark. */
export function UaePassButton({
  label,
  onClick,
  disabled,
}: {
  label: string;
  onClick?: () => void;
  disabled?: boolean;
}) {
  return (
    <button type="button" className={styles.uaePass} onClick={onClick} disabled={disabled}>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <g fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round">
          <path d="M6.5 17.5c-1-1.6-1.5-3.5-1.5-5.5a7 7 0 0 1 14 0c0 1.2-.1 2.4-.4 3.5" />
          <path d="M9 19.5c-.9-2-1.3-4.5-1.3-7.5a4.3 4.3 0 0 1 8.6 0c0 2.6-.3 5-1 7" />
          <path d="M12 12c0 3.3-.5 6-1.5 8.5" />
          <path d="M13.7 20.3c.4-1.3.7-2.7.9-4.2" />
        </g>
      </svg>
      <span>{label}</span>
    </button>
  );
}
