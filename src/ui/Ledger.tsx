// The rental's money, drawn from the one ledger (machines/ledger.ts): every part once, every fee on
// its own line, the deposit apart from what is charged, and who owes whom at the end.
import type { ReactNode } from 'react';
import { owed, type Ledger } from '../../machines/ledger';
import type { Deduction } from '../../machines/money';
import { useLocale } from '../i18n/locale';
import { fill, formatDate, formatNumber, plural } from '../i18n/format';
import { Fill } from './Fill';
import { Money } from './Money';
import { PhotoGallery } from './PhotoGallery';
import { Facts } from './Section';
import styles from './Ledger.module.css';

const Note = ({ children }: { children: ReactNode }) => <span className={styles.note}>{children}</span>;

type Row = { label: ReactNode; value: ReactNode; strong?: boolean };

/** Rental cost, fees, VAT, each extension, and the total with VAT: what the card pays. */
function useRentalRows(ledger: Ledger, totalLabel: string): Row[] {
  const { t, lang } = useLocale('rental');
  const p = t.payment;
  const { rental } = ledger;
  return [
    {
      label: (
        <>
          {p.rentalCost}
          <Note>
            <Fill text={t.price.rentalDays} values={{ days: plural(t.form.days, rental.days, lang), rate: <Money fils={rental.dailyRate} /> }} />
          </Note>
        </>
      ),
      value: <Money fils={rental.cost} />,
    },
    { label: p.fees, value: <Money fils={rental.fees} /> },
    // An offer is its own line: the discount off the rent, or the upgrade at the booked car's price.
    ...(ledger.offer?.id === 'winter' ? [{ label: p.winterDiscount, value: <Money fils={-(rental.discount ?? 0)} /> }] : []),
    ...(ledger.offer?.upgradedFrom
      ? [{ label: <>{p.loyaltyUpgrade}<Note>{fill(p.loyaltyUpgradeNote, { car: ledger.offer.upgradedFrom.model })}</Note></>, value: <Money fils={0} /> }]
      : []),
    { label: t.price.vat, value: <Money fils={rental.vat} /> },
    ...ledger.extensions.map((e) => ({
      label: (
        <>
          {fill(p.extension, { days: plural(t.form.days, e.days, lang) })}
          <Note>
            <Fill text={p.extensionNote} values={{ cost: <Money fils={e.price.cost} />, vat: <Money fils={e.price.vat} /> }} />
          </Note>
        </>
      ),
      value: <Money fils={e.price.total} />,
    })),
    { label: totalLabel, value: <Money fils={ledger.rentalTotal} />, strong: true },
  ];
}

/** Before and after paying: the price, and the deposit that is held, not charged. */
export function PriceSummary({ ledger, heldAt }: { ledger: Ledger; heldAt: number | null }) {
  const { t, lang } = useLocale('rental');
  const p = t.payment;
  // Once paid, the total is what the card was charged (the rental and every added day).
  const rows = useRentalRows(ledger, ledger.charged > 0 ? p.totalCharged : p.total);
  const depositNote =
    ledger.deposit.state === 'settled'
      ? p.depositSettled
      : heldAt !== null
        ? fill(p.depositHeld, { date: formatDate(new Date(heldAt), lang, 'dateTime') })
        : p.depositToHold;
  return (
    <Facts
      rows={[
        ...rows,
        {
          label: (
            <>
              {t.price.deposit}
              <Note>{depositNote}</Note>
            </>
          ),
          value: <Money fils={ledger.deposit.amount} />,
        },
      ]}
    />
  );
}

/** After the return: the rental as paid, every part once; an early return's unused days given back, and what that leaves paid. */
export function RentalInvoice({ ledger }: { ledger: Ledger }) {
  const { t, lang } = useLocale('rental');
  const r = t.carReturn;
  const rows = useRentalRows(ledger, r.totalRental);
  const { unused } = ledger;
  return (
    <Facts
      rows={[
        ...rows,
        ...(unused
          ? [
              { label: fill(r.unused, { days: formatNumber(unused.days, lang) }), value: <Money fils={-unused.amount} /> },
              { label: r.netPaid, value: <Money fils={ledger.rentalTotal - unused.amount} />, strong: true },
            ]
          : []),
      ]}
    />
  );
}

/** A deduction's name as the renter reads it: its kind, or for damage the price list's item. */
export function useLineName() {
  const { t } = useLocale('rental');
  const r = t.carReturn;
  return (d: Deduction) => (d.damage ? r.damageItems[d.damage.item] : r.kinds[d.kind]);
}

/** What a line is and how it was priced: the authority's date and place, litres or hours × the rate, a dispute and its decision. */
function LineNotes({ d }: { d: Deduction }) {
  const { t, lang } = useLocale('rental');
  const r = t.carReturn;
  return (
    <>
      {/* A fine or a Salik crossing says when and where, so each can be checked. */}
      {d.item && (
        <Note>
          {formatDate(new Date(d.item.at), lang, 'dateTime')}
          {/* A place the authority wrote in Latin script stays whole inside Arabic text. */}
          {d.item.place && (
            <>
              {' · '}
              <bdi>{d.item.place}</bdi>
            </>
          )}
        </Note>
      )}
      {d.damage?.note && (
        <Note>
          <bdi>{d.damage.note}</bdi>
        </Note>
      )}
      {/* The check-in's photos that show this damage: the line's evidence. */}
      {d.damage?.photos && <PhotoGallery ids={d.damage.photos} alt={r.linePhotoAlt} />}
      {d.basis && (
        <Note>
          <Fill
            text={r.basis[d.basis.unit]}
            values={{ count: formatNumber(d.basis.count, lang), price: <Money fils={d.basis.price} />, vat: <Money fils={d.basis.vat} /> }}
          />
        </Note>
      )}
      {d.adminFee > 0 && (
        <Note>
          <Fill text={r.adminFee} values={{ amount: <Money fils={d.adminFee} /> }} />
        </Note>
      )}
      {d.dispute && (
        <Note>
          <Fill text={r.disputed} values={{ reason: <bdi>{d.dispute.reason}</bdi> }} />
        </Note>
      )}
      {d.dispute?.decision && (
        <Note>
          <Fill
            text={r.decided[d.dispute.decision.outcome]}
            values={{ by: <bdi>{d.dispute.decision.by}</bdi>, note: <bdi>{d.dispute.decision.note}</bdi> }}
          />
        </Note>
      )}
    </>
  );
}

/**
 * Each charge on its own row with how it was priced, its admin fee, a dispute and its decision: no fee
 * hides in a total; a waived charge stays listed, at nothing. The renter's deposit and the counter's
 * check-in show the same rows.
 */
export function useChargeRows() {
  const { t } = useLocale('rental');
  const name = useLineName();
  return (lines: readonly Deduction[]): Row[] =>
    lines.map((d) => ({
      label: (
        <>
          {name(d)}
          <LineNotes d={d} />
        </>
      ),
      value: owed(d) === 0 ? t.carReturn.waived : <Money fils={-d.amount} />,
    }));
}

/** The deposit: what is held, each deduction with its admin fee, and what goes back (or is owed). */
export function DepositSettlement({ ledger }: { ledger: Ledger }) {
  const { t } = useLocale('rental');
  const r = t.carReturn;
  const charges = useChargeRows();
  return (
    <Facts
      rows={[
        { label: r.initial, value: <Money fils={ledger.deposit.amount} /> },
        ...charges(ledger.deductions),
        ...(ledger.deductions.length === 0 ? [{ label: r.noDeductions, value: <Money fils={0} /> }] : []),
        ledger.due > 0
          ? { label: r.due, value: <Money fils={ledger.due} />, strong: true }
          : { label: r.refundable, value: <Money fils={ledger.refund} />, strong: true },
      ]}
    />
  );
}
