import { useMemo } from 'react';
import { staffApi } from '../client/staffApi';
import { useSession } from './session';

/** The staff screens' calls, over the session's client (kept out of renters' pages: vite.config.ts). */
export function useStaffApi() {
  const { api } = useSession();
  return useMemo(() => staffApi(api.typed, api.baseUrl), [api]);
}
