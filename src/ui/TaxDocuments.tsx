import { FileText } from 'lucide-react';
import { useLocale } from '../i18n/locale';
import { fill, formatDate } from '../i18n/format';
import { useServerData } from './contract';
import { FormError } from './Form';
import { Money } from './Money';
import { Section } from './Section';
import { useSession } from './session';
import styles from './TaxDocuments.module.css';

/**
 * A booking's tax invoices and credit notes, newest last, each to open as a page (to read or print)
 * or to download as a PDF, in the page's language: for its renter (Booking Details) and for the
 * company's managers (the contract). The server says which the user may see.
 */
export function TaxDocuments({ bookingId }: { bookingId: string }) {
  const { t, lang } = useLocale('taxes');
  const d = t.taxDocuments;
  const { api } = useSession();
  const { data, failed } = useServerData(() => api.taxDocuments(bookingId), `tax:${bookingId}`, ['journey']);
  return (
    <Section title={d.title}>
      <p>{d.intro}</p>
      {failed && <FormError>{d.loadFailed}</FormError>}
      {!failed && !data && <p aria-busy="true" />}
      {data?.documents.length === 0 && <p>{d.none}</p>}
      {data && data.documents.length > 0 && (
        <ul className={styles.list}>
          {data.documents.map((doc) => {
            const name = fill(d.kinds[doc.kind], { number: doc.number });
            return (
              <li key={doc.id} className={styles.document}>
                <FileText aria-hidden size={20} />
                <span className={styles.what}>
                  <bdi>{name}</bdi>
                  <span className={styles.when}>{fill(d.issued, { date: formatDate(new Date(doc.issuedAt), lang, 'date') })}</span>
                </span>
                <Money fils={doc.kind === 'credit' ? -doc.total : doc.total} />
                <span className={styles.links}>
                  <a href={api.taxDocumentUrl(doc.id, 'page', lang)} target="_blank" rel="noreferrer" aria-label={fill(d.openLabel, { name })}>
                    {d.open}
                  </a>
                  <a href={api.taxDocumentUrl(doc.id, 'pdf', lang)} download aria-label={fill(d.pdfLabel, { name })}>
                    {d.pdf}
                  </a>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}
