import { useParams } from 'react-router-dom';
import { ManagerGate } from '../../ui/ManagerGate';
import { Stack } from '../../ui/Section';
import { ContractList } from './ContractList';
import { ContractPage } from './ContractPage';

/** `/contracts`: the company's contracts; `/contracts/:code`: one of them. Managers only. */
export default function Contracts() {
  const { param } = useParams();
  return (
    <Stack>
      <ManagerGate>{() => (param ? <ContractPage key={param} code={param} /> : <ContractList />)}</ManagerGate>
    </Stack>
  );
}
