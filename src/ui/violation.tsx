import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { createActor, type Actor } from 'xstate';
import { loadContract } from '../../machines/contract';
import { loadSettings } from '../../machines/transferSettings';
import { violationMachine } from '../../machines/violation';
import { contracts, sampleFine } from '../data/sample';
import { useInspect } from './inspect';
import { browserStore } from './storage';

export type ViolationActor = Actor<typeof violationMachine>;

const KEY = 'movecar.violation.v1';
/** The sample rental's contract: its transfer settings decide how its fines reach the renter. */
export const VIOLATION_CONTRACT = contracts[0]!.code;
const store = browserStore();

/** A saved violation, if it is one this machine can resume; anything else is dropped. */
function restore(): ViolationActor | null {
  try {
    const saved: unknown = JSON.parse(store.getItem(KEY) ?? 'null');
    if (!saved || typeof saved !== 'object') return null;
    const snapshot = saved as { value: never; context: never; status: string };
    violationMachine.resolveState({ value: snapshot.value, context: snapshot.context });
    return createActor(violationMachine, { snapshot: saved as never, input: undefined as never });
  } catch {
    return null;
  }
}

interface ViolationValue {
  actor: ViolationActor | null;
  /** A new fine arrives from the authority, under the contract's transfer settings of this moment. */
  arrive: () => void;
}

const ViolationContext = createContext<ViolationValue | null>(null);

/** The sample rental's traffic violation, shared by the renter's and the manager's screens. */
export function ViolationProvider({ children }: { children: ReactNode }) {
  const inspect = useInspect();
  const [actor, setActor] = useState<ViolationActor | null>(restore);
  const arrive = () =>
    setActor(
      createActor(violationMachine, {
        input: {
          fine: sampleFine,
          settings: loadSettings(store, VIOLATION_CONTRACT).settings,
          transferEnabled: loadContract(store, VIOLATION_CONTRACT).setup.violationTransfer,
          arrivedAt: Date.now(),
        },
        inspect,
      }),
    );
  useEffect(() => {
    if (!actor) return;
    const save = () => {
      try {
        store.setItem(KEY, JSON.stringify(actor.getPersistedSnapshot()));
      } catch {
        /* storage refused: the violation lives for this visit only */
      }
    };
    const subscription = actor.subscribe(save);
    actor.start();
    save();
    return () => subscription.unsubscribe();
  }, [actor]);
  return <ViolationContext value={{ actor, arrive }}>{children}</ViolationContext>;
}

export function useViolation(): ViolationValue {
  const value = useContext(ViolationContext);
  if (!value) throw new Error('useViolation outside ViolationProvider');
  return value;
}
