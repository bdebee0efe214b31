import { Link } from 'react-router-dom';
import { ChevronRight } from 'lucide-react';
import { useLocale } from '../../i18n/locale';
import { fill } from '../../i18n/format';
import { contracts } from '../../data/sample';
import { Button } from '../../ui/Button';
import { Section, Stack } from '../../ui/Section';
import { Switch } from '../../ui/Switch';
import styles from './Contracts.module.css';

export default function Contracts() {
  const { t, to } = useLocale();
  const c = t.contracts;
  const code = contracts[0]?.code ?? '';
  return (
    <Stack>
      <h2 className={styles.number}>{fill(c.number, { code })}</h2>

      <Section title={c.confirmation}>
        <Switch label={c.confirm} description={c.confirmText} />
        <Switch label={c.policy} description={c.policyText} />
      </Section>

      <Section title={c.linking}>
        <Switch label={c.vehicleLinking} description={c.vehicleLinkingText} />
        <Switch label={c.contractLinking} description={c.contractLinkingText} />
      </Section>

      <Section title={c.transfer}>
        <Link to={to('transferLogic')} className={styles.row}>
          <span>
            <span className={styles.rowTitle}>{c.transferLogic}</span>
            <span className={styles.rowText}>{c.transferLogicText}</span>
          </span>
          <ChevronRight aria-hidden size={20} className="flip-rtl" />
        </Link>
      </Section>

      <Section title={c.violations}>
        <Switch label={c.enableTransfer} description={c.enableTransferText} />
      </Section>

      <Button block>{c.save}</Button>
    </Stack>
  );
}
