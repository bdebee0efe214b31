import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ChevronRight } from 'lucide-react';
import { useLocale } from '../../i18n/locale';
import { fill } from '../../i18n/format';
import { contracts, rentalCompanies } from '../../data/sample';
import { ButtonLink } from '../../ui/Button';
import { Carousel } from '../../ui/Carousel';
import { SearchBox } from '../../ui/SearchBox';
import { Section, Stack } from '../../ui/Section';
import company from '../../assets/company.svg';
import styles from './Services.module.css';

export default function Services() {
  const { t, lang, to } = useLocale();
  const s = t.services;
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  const found = contracts.filter((c) => c.code.toLowerCase().includes(needle));

  return (
    <Stack>
      <Section title={s.rentals}>
        <p>{s.rentalsText}</p>
        <ButtonLink to={to('home')} variant="secondary" aria-label={s.viewMoreCars}>
          {s.viewMore}
        </ButtonLink>
      </Section>

      <Section title={s.companies} bare>
        <Carousel
          label={s.companiesNav}
          slides={rentalCompanies.map((c) => ({
            id: c.id,
            content: (
              <article className={styles.company}>
                <img src={company} alt="" width={240} height={160} className={styles.companyPicture} />
                <h3 className={styles.companyTitle}>{c.title[lang]}</h3>
                <p className={styles.companySubtitle}>{c.subtitle[lang]}</p>
              </article>
            ),
          }))}
        />
        <ButtonLink to={to('offers')} variant="secondary" aria-label={s.viewMoreCompanies}>
          {s.viewMore}
        </ButtonLink>
      </Section>

      <Section title={s.contracts}>
        <p>{s.contractsText}</p>
        <SearchBox
          label={s.contractSearchLabel}
          placeholder={s.contractSearch}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <ul className={styles.contracts}>
          {found.map((c) => (
            <li key={c.code} className={styles.contract}>
              <div>
                <p className={styles.contractCode}>{fill(s.contract, { code: c.code })}</p>
                <p className={styles.contractModel}>{c.model}</p>
              </div>
              <Link
                to={to('contracts')}
                aria-label={fill(s.readMoreAbout, { code: c.code })}
                className={styles.readMore}
              >
                {s.readMore}
                <ChevronRight aria-hidden size={18} className="flip-rtl" />
              </Link>
            </li>
          ))}
        </ul>
        {found.length === 0 && <p role="status">{fill(s.noContracts, { query })}</p>}
      </Section>
    </Stack>
  );
}
