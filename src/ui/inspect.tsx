import { createContext, useContext } from 'react';
import type { InspectionEvent, Observer } from 'xstate';

type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

/**
 * The inspector (Stately's with `?inspect`, or a test's recorder) for actors that screens create
 * themselves, like the transfer-settings form: the journey actor gets it at start-up.
 */
export const InspectContext = createContext<Inspect | undefined>(undefined);
export const useInspect = () => useContext(InspectContext);
