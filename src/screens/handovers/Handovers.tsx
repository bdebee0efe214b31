import { useParams } from 'react-router-dom';
import { useLocale } from '../../i18n/locale';
import { ManagerGate } from '../../ui/ManagerGate';
import { Stack } from '../../ui/Section';
import { HandoverList } from './HandoverList';
import { HandoverPage } from './HandoverPage';

/** `/handovers`: the company's pickups due today; `/handovers/:number`: one booking's handover. The counter's. */
export default function Handovers() {
  const { param } = useParams();
  const { t } = useLocale('counter');
  const k = t.counter;
  return (
    <Stack>
      <ManagerGate roles={['agent', 'manager']} signIn={{ heading: k.signInHeading, prompt: k.signInPrompt, submit: k.signIn }}>
        {() => (param ? <HandoverPage key={param} number={param} /> : <HandoverList />)}
      </ManagerGate>
    </Stack>
  );
}
