import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ChevronRight } from 'lucide-react';
import { CONTRACT_STATUSES, type ContractStatus } from '../../../machines/contract';
import { useLocale } from '../../i18n/locale';
import { fill, formatDate } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { SelectField } from '../../ui/Field';
import { FormError } from '../../ui/Form';
import { SearchBox } from '../../ui/SearchBox';
import { Actions, Section } from '../../ui/Section';
import { useServerData } from '../../ui/serverData';
import { useSession } from '../../ui/session';
import { AuthorityImport } from './AuthorityImport';
import { Incidents } from './Incidents';
import { Link } from '../../ui/Link';
import styles from './Contracts.module.css';

const isStatus = (s: string | null): s is ContractStatus => CONTRACT_STATUSES.includes(s as ContractStatus);

/** The company's contracts: search by number, filter by status, ten a page; the query lives in the URL. */
export function ContractList() {
  const { t, lang, to } = useLocale('manager');
  const c = t.contracts;
  const { api } = useSession();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const status = isStatus(params.get('status')) ? (params.get('status') as ContractStatus) : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [typed, setTyped] = useState(q);
  const set = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) if (v) next.set(k, v); else next.delete(k);
    setParams(next, { replace: true });
  };
  const { data, failed } = useServerData(() => api.contracts({ q, status, page }), `${q}|${status}|${page}`, ['contracts']);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <>
      <Section title={c.listTitle}>
        <form
          className={styles.searchForm}
          onSubmit={(e) => {
            e.preventDefault();
            set({ q: typed.trim() || undefined, page: undefined });
          }}
        >
          <SearchBox label={c.searchLabel} placeholder={c.searchLabel} value={typed} onChange={(e) => setTyped(e.target.value)} />
          <Button type="submit" variant="secondary">
            {c.search}
          </Button>
        </form>
        <SelectField
          label={c.statusFilter}
          placeholder={c.allStatuses}
          value={status ?? ''}
          onChange={(e) => set({ status: e.target.value || undefined, page: undefined })}
          options={CONTRACT_STATUSES.map((s) => ({ value: s, label: c.statuses[s] }))}
        />
        {failed && <FormError>{c.loadFailed}</FormError>}
        {!data && !failed && <p aria-busy="true">{c.loading}</p>}
        {data && (
          <>
            <p role="status">{data.total === 1 ? c.foundOne : fill(c.found, { n: data.total })}</p>
            {data.contracts.length === 0 && <p>{q ? fill(c.noMatch, { query: q }) : status ? c.noneWithStatus : c.empty}</p>}
            <ul className={styles.list}>
              {data.contracts.map((contract) => (
                <li key={contract.code}>
                  <Link to={to('contracts', contract.code)} className={styles.row}>
                    <span>
                      <span className={styles.rowTitle}>{fill(c.number, { code: contract.code })}</span>
                      <span className={styles.rowText}>
                        {[
                          contract.car?.model ?? c.noCar,
                          contract.booking?.renterName,
                          contract.booking?.start ? formatDate(new Date(contract.booking.start), lang, 'date') : null,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    </span>
                    <span className={styles[contract.status]}>{c.statuses[contract.status]}</span>
                    <ChevronRight aria-hidden size={20} className="flip-rtl" />
                  </Link>
                </li>
              ))}
            </ul>
            {pages > 1 && (
              <nav aria-label={c.pages}>
                <Actions>
                  <Button variant="secondary" disabled={page <= 1} onClick={() => set({ page: String(page - 1) })}>
                    {c.previous}
                  </Button>
                  <span>{fill(c.pageOf, { page, pages })}</span>
                  <Button variant="secondary" disabled={page >= pages} onClick={() => set({ page: String(page + 1) })}>
                    {c.next}
                  </Button>
                </Actions>
              </nav>
            )}
          </>
        )}
      </Section>
      <Incidents />
      <AuthorityImport />
    </>
  );
}
