import { useCallback, useEffect, useState } from 'react';
import type { ContractView } from '../client/api';
import { useSession } from './journey';

/** A contract of the signed-in manager's company, from the server; `failed` when it could not be read. */
export function useContract(code: string) {
  const { api } = useSession();
  const [state, setState] = useState<{ contract: ContractView | null; failed: boolean }>({ contract: null, failed: false });
  const reload = useCallback(async () => {
    try {
      const result = await api.contract(code);
      setState(result.ok ? { contract: result.body.contract, failed: false } : { contract: null, failed: true });
    } catch {
      setState({ contract: null, failed: true });
    }
  }, [api, code]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { ...state, reload, replace: (contract: ContractView) => setState({ contract, failed: false }) };
}
