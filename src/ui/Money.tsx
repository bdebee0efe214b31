import { useLocale } from '../i18n/locale';
import { formatAmount } from '../i18n/format';
import { convertFils, type Fils } from '../../machines/money';
import { useDisplayCurrency } from './session';
import { Fill } from './Fill';
import styles from './Money.module.css';

/**
 * The UAE dirham sign (2025). Fonts do not carry U+20C3 yet, so it is drawn; its accessible name is
 * "AED". Central-bank rules: before the number, never beside "AED"/"Dh", as tall as the digits.
 */
function DirhamSign({ label }: { label: string }) {
  return (
    <svg className={styles.sign} viewBox="0 0 20 20" width="14" height="14" role="img" aria-label={label}>
      <path
        d="M5 3h5.2c4.3 0 7 2.8 7 7s-2.7 7-7 7H5zm2.4 2.2v9.6h2.8c2.8 0 4.6-1.9 4.6-4.8s-1.8-4.8-4.6-4.8z"
        fill="currentColor"
        fillRule="evenodd"
      />
      <path d="M2 8.2h16.5v1.5H2zm0 2.6h16.5v1.5H2z" fill="currentColor" />
    </svg>
  );
}

/**
 * An amount with the dirham sign, always with its two decimals; the sign follows the text direction.
 * A renter who chose dollars or riyals also sees the figure at the peg, marked approximate: every
 * payment is still in AED, so the dirham amount stays first and whole.
 */
export function Money({ fils }: { fils: Fils }) {
  const { lang, t } = useLocale();
  const currency = useDisplayCurrency();
  const dirhams = (
    <span className={styles.money}>
      <DirhamSign label={t.money.currency} />
      <span className={styles.amount}>{formatAmount(fils, lang)}</span>
    </span>
  );
  // Nothing to convert for a zero: the dirham figure says it all.
  if (currency === 'AED' || fils === 0) return dirhams;
  return (
    <span className={styles.converted}>
      {dirhams}{' '}
      <span className={styles.approx}>
        <Fill
          text={t.money.approx}
          values={{
            currency: t.money.codes[currency],
            amount: <span className={styles.amount}>{formatAmount(convertFils(fils, currency), lang)}</span>,
          }}
        />
      </span>
    </span>
  );
}

/** `2,500/day`, worded by the catalog. */
export function PerDay({ fils }: { fils: Fils }) {
  const { t } = useLocale();
  return (
    <span>
      <Fill text={t.money.perDay} values={{ amount: <Money fils={fils} /> }} />
    </span>
  );
}
