import { useParams } from 'react-router-dom';
import { ManagerGate } from '../../ui/ManagerGate';
import { Stack } from '../../ui/Section';
import { HandoverList } from './HandoverList';
import { HandoverPage } from './HandoverPage';

/** `/handovers`: the company's pickups due today; `/handovers/:number`: one booking's handover. The counter's. */
export default function Handovers() {
  const { param } = useParams();
  return (
    <Stack>
      <ManagerGate roles={['agent', 'manager']}>
        {() => (param ? <HandoverPage key={param} number={param} /> : <HandoverList />)}
      </ManagerGate>
    </Stack>
  );
}
