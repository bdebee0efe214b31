import { Phone } from 'lucide-react';
import { formatUaePhone } from '../../../machines/company';
import { useLocale } from '../../i18n/locale';
import { useServerData } from '../../ui/serverData';
import { Facts, Section } from '../../ui/Section';
import { useSession } from '../../ui/session';
import styles from './RentalContract.module.css';

/**
 * The other party to the contract, as its admin keeps it (server/companies/profile.ts): its name,
 * address, VAT number and support line. Last on the page: it comes after the page has drawn, and
 * moves nothing above it.
 */
export function RentalCompany({ companyId }: { companyId: string }) {
  const { t, lang } = useLocale('rental');
  const c = t.rentalContract;
  const { api } = useSession();
  const companies = useServerData(() => api.companies(), 'companies');
  const company = companies.data?.companies.find((x) => x.id === companyId);
  if (!company) return null;
  const address = company.address[lang];
  return (
    <Section title={c.company}>
      <Facts
        rows={[
          { label: c.companyName, value: company.name[lang] },
          ...(address ? [{ label: c.companyAddress, value: address }] : []),
          ...(company.trn ? [{ label: c.companyTrn, value: <bdi className={styles.number}>{company.trn}</bdi> }] : []),
        ]}
      />
      {company.supportPhone && (
        <a className={styles.contact} href={`tel:${company.supportPhone}`}>
          <Phone aria-hidden size={20} />
          <span className={styles.contactName}>{c.companyPhone}</span>
          <span dir="ltr">{formatUaePhone(company.supportPhone)}</span>
        </a>
      )}
    </Section>
  );
}
