import { Suspense, use, useState } from 'react';
import { CONTRACT_VERSION, type JourneyContext } from '../../../machines/journey-rules';
import { agreementValues, numberedClauses } from '../../../texts/agreement';
import type { Lang } from '../../i18n/en';
import { fill, formatAmount, formatDate } from '../../i18n/format';
import { partOf, useLocale } from '../../i18n/locale';
import { useCompanies } from '../../ui/companyNames';
import type { Words as AgreementWords } from '../../i18n/en/agreement';
import styles from './RentalContract.module.css';

/**
 * The rental agreement itself, filled with this booking's facts and the rules the app charges by,
 * in a scrollable region the renter reads before accepting: in the page's language, the other one a
 * tap away (the Arabic text prevails). The version is the one signing records (CONTRACT_VERSION).
 */
export function Agreement({ context }: { context: JourneyContext }) {
  const { t, lang } = useLocale('agreement');
  const [shown, setShown] = useState<Lang>(lang);
  return (
    <Suspense fallback={null}>
      <AgreementText words={shown === lang ? t.agreement : null} context={context} lang={shown} onSwitch={setShown} />
    </Suspense>
  );
}

/** `words`: the page's own (loaded with the screen); null for the other language, whose words come when asked for. */
function AgreementText({ words, context, lang, onSwitch }: { words: AgreementWords['agreement'] | null; context: JourneyContext; lang: Lang; onSwitch: (lang: Lang) => void }) {
  const a = words ?? use(partOf(lang, 'agreement')).agreement;
  const company = useCompanies().find((c) => c.id === context.booking.car.company);
  // Amounts as plain text in the agreement's own language (it may not be the page's).
  const values = agreementValues(context, {
    lang,
    company: company?.name[lang] ?? context.booking.car.company,
    date: (ms) => formatDate(new Date(ms), lang, 'dateTime'),
    money: (fils) => (lang === 'ar' ? `${formatAmount(fils, lang)} درهم` : `AED ${formatAmount(fils, lang)}`),
  });
  const other = a.readInLang;
  return (
    <div lang={lang} dir={lang === 'ar' ? 'rtl' : 'ltr'} className={styles.agreementBox}>
      <button type="button" className={styles.readIn} lang={other} onClick={() => onSwitch(other)}>
        {a.readIn}
      </button>
      {/* Focusable, so that the keyboard scrolls it too (WCAG 2.1.1; axe's scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div role="region" aria-label={a.title} tabIndex={0} className={styles.agreement}>
        <p className={styles.version}>{fill(a.version, { version: CONTRACT_VERSION })}</p>
        {Object.entries(a.clauses).map(([key, clause]) => (
          <section key={key}>
            <h3 className={styles.clauseTitle}>{clause.title}</h3>
            <p>{fill(clause.text, values)}</p>
          </section>
        ))}
        {/* The company's own clauses (its admin keeps them), numbered after the standard ones. */}
        {company && company.clauses[lang].length > 0 && (
          <section>
            <h3 className={styles.clauseTitle}>{fill(a.own, { company: values.company })}</h3>
            {numberedClauses(company.clauses[lang], Object.keys(a.clauses).length).map((clause) => (
              <p key={clause}>{clause}</p>
            ))}
          </section>
        )}
      </div>
    </div>
  );
}
