import { useState } from 'react';
import type { ViolationView } from '../client/api';
import { ViolationClient } from '../client/violationClient';
import { useInspect } from './inspect';
import { useSession } from './session';

export type ViolationActor = ViolationClient;

/**
 * A fine as the server sent it, as a client the screen can ask (`can`) and send steps through; null
 * when the stored state is not one the machine has. Made once per view: key the component by the
 * view's id and version so a newer record makes a new client.
 */
export function useViolationClient(view: ViolationView): ViolationClient | null {
  const session = useSession();
  const inspect = useInspect();
  const [client] = useState(() => ViolationClient.from(session.api, view, (journey) => session.receiveJourney(journey), inspect));
  return client;
}
