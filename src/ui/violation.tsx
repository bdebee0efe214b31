import { useCallback, useEffect, useState } from 'react';
import type { Answer, ViolationView } from '../client/api';
import { ViolationClient } from '../client/violationClient';
import { useInspect } from './inspect';
import { useSession } from './journey';

export type ViolationActor = ViolationClient;
type Load = () => Promise<Answer<{ violation: ViolationView | null }>>;

/**
 * A violation from the server (the renter's current one, or a contract's latest for its manager):
 * `violation` is null while loading and when there is none; `failed` when it could not be loaded.
 */
export function useServerViolation(load: Load | null) {
  const session = useSession();
  const inspect = useInspect();
  const [state, setState] = useState<{ violation: ViolationClient | null; loaded: boolean; failed: boolean }>({
    violation: null,
    loaded: false,
    failed: false,
  });
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (!load) return;
    let current = true;
    load().then(
      (result) => {
        if (!current) return;
        const view = result.ok ? result.body.violation : null;
        const violation = view && ViolationClient.from(session.api, view, session.journey, inspect);
        setState({ violation, loaded: true, failed: !result.ok });
      },
      () => current && setState((s) => ({ ...s, loaded: true, failed: true })),
    );
    return () => {
      current = false;
    };
  }, [load, session, inspect, asked]);
  const reload = useCallback(() => setAsked((n) => n + 1), []);
  return { ...state, reload };
}
