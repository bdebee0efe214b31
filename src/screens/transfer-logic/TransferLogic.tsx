import { useLocale } from '../../i18n/locale';
import { Button } from '../../ui/Button';
import { RadioGroup } from '../../ui/RadioGroup';
import { Section, Stack } from '../../ui/Section';
import { Switch } from '../../ui/Switch';

export default function TransferLogic() {
  const { t } = useLocale();
  const l = t.transferLogic;
  return (
    <Stack>
      <Section title={l.mode}>
        <RadioGroup
          label={l.mode}
          defaultValue="automatic"
          options={[
            { value: 'automatic', label: l.automatic, description: l.automaticText },
            { value: 'manual', label: l.manual, description: l.manualText },
          ]}
        />
      </Section>
      <Section title={l.notifications}>
        <Switch label={l.notify} description={l.notifyText} />
      </Section>
      <Section title={l.consent}>
        <Switch label={l.requireConsent} description={l.requireConsentText} />
      </Section>
      <Button block>{l.save}</Button>
    </Stack>
  );
}
