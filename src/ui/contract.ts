import { useCallback, useEffect, useState } from 'react';
import type { ContractView } from '../client/api';
import { useSession } from './journey';

/** A contract of the signed-in manager's company, from the server; `failed` when it could not be read. */
export function useContract(code: string) {
  const { api } = useSession();
  const [state, setState] = useState<{ contract: ContractView | null; failed: boolean }>({ contract: null, failed: false });
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    let current = true;
    api.contract(code).then(
      (result) => current && setState(result.ok ? { contract: result.body.contract, failed: false } : { contract: null, failed: true }),
      () => current && setState({ contract: null, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [api, code, asked]);
  const reload = useCallback(() => setAsked((n) => n + 1), []);
  return { ...state, reload, replace: (contract: ContractView) => setState({ contract, failed: false }) };
}
