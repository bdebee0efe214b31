import { useEffect, useState } from 'react';
import type { ViolationView } from '../client/api';
import { ViolationClient } from '../client/violationClient';
import { useInspect } from './inspect';
import { useSession } from './session';

export type ViolationActor = ViolationClient;

/**
 * A fine as the server sent it, as a client the screen can ask (`can`) and send steps through; null
 * when the stored state is not one the machine has. Made once per fine (key the component by the
 * fine's id): a newer record of it (a live update, the other side's step) is shown by the same
 * client, so what the screen has open (a question asked, a form half typed) stays open.
 */
export function useViolationClient(view: ViolationView): ViolationClient | null {
  const session = useSession();
  const inspect = useInspect();
  const [client] = useState(() => ViolationClient.from(session.api, view, (journey) => session.receiveJourney(journey), inspect));
  useEffect(() => client?.receive(view), [client, view]);
  return client;
}
