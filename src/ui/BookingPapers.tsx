import type { ReactNode } from 'react';
import { FileText } from 'lucide-react';
import { useLocale } from '../i18n/locale';
import { fill, formatDate } from '../i18n/format';
import { useServerData } from './serverData';
import { FormError } from './Form';
import { Money } from './Money';
import { Section } from './Section';
import { useSession } from './session';
import type { TaxDocumentView } from '../client/api';
import styles from './BookingPapers.module.css';

/**
 * A signed booking's papers: the rental agreement as signed, then its tax invoices and credit notes
 * in the order they were issued, each to open as a page (to read or print) or to download as a PDF,
 * in the page's language: for its renter (Booking Details) and the company's managers (the contract).
 * The server says which the user may see.
 */
export function BookingPapers({ bookingId }: { bookingId: string }) {
  const { t, lang } = useLocale('papers');
  const d = t.papers;
  const { api } = useSession();
  const { data, failed } = useServerData(() => api.taxDocuments(bookingId), `tax:${bookingId}`, ['journey']);
  return (
    <Section title={d.title}>
      <p>{d.intro}</p>
      <PaperList>
        <Paper name={d.agreement} page={api.agreementUrl(bookingId, 'page', lang)} pdf={api.agreementUrl(bookingId, 'pdf', lang)} />
        {data?.documents.map((doc) => <DocumentPaper key={doc.id} doc={doc} />)}
      </PaperList>
      {failed && <FormError>{d.loadFailed}</FormError>}
      {!failed && !data && <p aria-busy="true" />}
      {data?.documents.length === 0 && <p>{d.none}</p>}
    </Section>
  );
}

/** Papers in a list. */
export const PaperList = ({ children }: { children: ReactNode }) => <ul className={styles.list}>{children}</ul>;

/** A tax invoice or credit note as a paper: its number, when it was issued (and `about` what), its amount. */
export function DocumentPaper({ doc, about }: { doc: TaxDocumentView; about?: string }) {
  const { t, lang } = useLocale('papers');
  const d = t.papers;
  const { api } = useSession();
  const issued = fill(d.issued, { date: formatDate(new Date(doc.issuedAt), lang, 'date') });
  return (
    <Paper
      name={fill(d.kinds[doc.kind], { number: doc.number })}
      when={about ? `${issued} · ${about}` : issued}
      amount={doc.kind === 'credit' ? -doc.total : doc.total}
      page={api.taxDocumentUrl(doc.id, 'page', lang)}
      pdf={api.taxDocumentUrl(doc.id, 'pdf', lang)}
    />
  );
}

/** One paper: its name (and date, amount), and its two links named after it for assistive technology. */
function Paper({ name, when, amount, page, pdf }: { name: string; when?: string; amount?: number; page: string; pdf: string }) {
  const { t } = useLocale('papers');
  const d = t.papers;
  return (
    <li className={styles.document}>
      <FileText aria-hidden size={20} />
      <span className={styles.what}>
        <bdi>{name}</bdi>
        {when && <span className={styles.when}>{when}</span>}
      </span>
      {amount === undefined ? <span /> : <Money fils={amount} />}
      <span className={styles.links}>
        <a href={page} target="_blank" rel="noreferrer" aria-label={fill(d.openLabel, { name })}>
          {d.open}
        </a>
        <a href={pdf} download aria-label={fill(d.pdfLabel, { name })}>
          {d.pdf}
        </a>
      </span>
    </li>
  );
}
