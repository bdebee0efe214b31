import { CheckCircle2 } from 'lucide-react';
import { INSURANCE_EXCESS_BY_CATEGORY, type CarCategory } from '../../../machines/fleet';
import { useLocale } from '../../i18n/locale';
import { ButtonLink } from '../../ui/Button';
import { IconList } from '../../ui/IconList';
import { Money } from '../../ui/Money';
import { Facts, Section, Stack } from '../../ui/Section';

/**
 * The insurance every rental includes, as a renter needs it on the road or at the counter: what is
 * covered, the excess by category (one table in machines/fleet.ts, not the deposit), when the cover
 * holds (a police report first), and how damage found at the return is answered.
 */
export default function InsurancePolicy() {
  const { t, to } = useLocale('emergency');
  const p = t.policy;
  return (
    <Stack>
      <Section title={p.coverTitle}>
        <p>{p.cover}</p>
      </Section>
      <Section title={p.excessTitle}>
        <p>{p.excessText}</p>
        <Facts
          rows={(Object.keys(INSURANCE_EXCESS_BY_CATEGORY) as CarCategory[]).map((category) => ({
            label: t.categories[category],
            value: <Money fils={INSURANCE_EXCESS_BY_CATEGORY[category]} />,
          }))}
        />
        <p>{p.notDeposit}</p>
      </Section>
      <Section title={p.conditionsTitle}>
        <IconList Icon={CheckCircle2} items={p.conditions} />
      </Section>
      <Section title={p.withoutTitle}>
        <p>{p.without}</p>
      </Section>
      <Section title={p.returnTitle}>
        <p>{p.returnText}</p>
        <ButtonLink to={to('emergencyAssistance')} variant="secondary">
          {p.report}
        </ButtonLink>
      </Section>
    </Stack>
  );
}
