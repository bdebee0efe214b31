import { fill } from '../../i18n/format';
import { useLocale } from '../../i18n/locale';
import { DocumentPaper, PaperList } from '../../ui/BookingPapers';
import { useServerData } from '../../ui/serverData';
import { Money } from '../../ui/Money';
import { Facts } from '../../ui/Section';
import { useStaffApi } from '../../ui/staffApi';

/**
 * The company's tax invoices and credit notes issued over the export's range, newest first, each to
 * open or download, and what they add up to (what the accountant's CSV holds, to check on screen).
 */
export function PeriodDocuments({ from, to }: { from: string; to: string }) {
  const { t } = useLocale('staff', 'papers');
  const d = t.dashboard.documents;
  const api = useStaffApi();
  const { data, failed } = useServerData(() => api.companyDocuments({ from, to }), `documents:${from}:${to}`, ['journey', 'violations']);
  if (failed) return <p role="alert">{d.loadFailed}</p>;
  if (!data) return <p aria-busy="true" />;
  if (data.documents.length === 0) return <p>{d.none}</p>;
  return (
    <>
      <Facts
        rows={[
          { label: fill(d.invoiced, { count: data.documents.filter((x) => x.kind === 'invoice').length }), value: <Money fils={data.invoiced.total} /> },
          { label: fill(d.credited, { count: data.documents.filter((x) => x.kind === 'credit').length }), value: <Money fils={-data.credited.total} /> },
          { label: d.vat, value: <Money fils={data.invoiced.vat - data.credited.vat} />, strong: true },
        ]}
      />
      <PaperList>
        {data.documents.map((doc) => (
          <DocumentPaper key={doc.id} doc={doc} about={fill(d.about, { number: doc.bookingNumber, renter: doc.renterName })} />
        ))}
      </PaperList>
    </>
  );
}
