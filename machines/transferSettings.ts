// How a rental company passes traffic violations to the renter, per contract: the manager's form.
// pristine → editing (dirty) → saving → saved (with the time) | saveFailed (reason shown, edits kept).
// Like the journey, saving is a fromPromise actor started with spawnChild (graph-testable, no invoke).
import {
  assertEvent,
  assign,
  fromPromise,
  not,
  setup,
  spawnChild,
  stateIn,
  stopChild,
  type SnapshotFrom,
} from 'xstate';
import type { KeyValueStore } from './accounts';

export type TransferMode = 'automatic' | 'manual';

export interface TransferSettings {
  /** Exactly one way a violation reaches the renter. */
  mode: TransferMode;
  /** Tell the renter when a violation is transferred. */
  notify: boolean;
  /** Ask the renter to accept a violation before it becomes payable. */
  consent: boolean;
}

/** Both switches start off, as the product design has them. */
export const DEFAULT_SETTINGS: TransferSettings = { mode: 'automatic', notify: false, consent: false };

export const sameSettings = (a: TransferSettings, b: TransferSettings) =>
  a.mode === b.mode && a.notify === b.notify && a.consent === b.consent;

export interface TransferContext {
  contract: string;
  /** What is active now. */
  saved: TransferSettings;
  /** What the form shows. */
  draft: TransferSettings;
  savedAt: number | null;
  error: 'storage' | null;
}

export type TransferEvent =
  | { type: 'transfer.setMode'; mode: TransferMode }
  | { type: 'transfer.setNotify'; on: boolean }
  | { type: 'transfer.setConsent'; on: boolean }
  | { type: 'transfer.save'; at: number }
  | { type: 'transfer.discard' }
  | { type: 'xstate.done.actor.saveSettings'; output: { savedAt: number } }
  | { type: 'xstate.error.actor.saveSettings'; error: unknown };

// ---- storage, per contract ----

export const settingsKey = (contract: string) => `movecar.transfer.${contract}`;

const isSettings = (x: unknown): x is TransferSettings & { savedAt: number } =>
  typeof x === 'object' &&
  x !== null &&
  ((x as TransferSettings).mode === 'automatic' || (x as TransferSettings).mode === 'manual') &&
  typeof (x as TransferSettings).notify === 'boolean' &&
  typeof (x as TransferSettings).consent === 'boolean' &&
  typeof (x as { savedAt: unknown }).savedAt === 'number';

/** The active settings of a contract; defaults when none were saved or the entry is unreadable. */
export function loadSettings(
  store: KeyValueStore,
  contract: string,
): { settings: TransferSettings; savedAt: number | null } {
  try {
    const entry: unknown = JSON.parse(store.getItem(settingsKey(contract)) ?? 'null');
    if (isSettings(entry)) {
      const { mode, notify, consent, savedAt } = entry;
      return { settings: { mode, notify, consent }, savedAt };
    }
  } catch {
    /* unreadable: fall back to the defaults */
  }
  return { settings: DEFAULT_SETTINGS, savedAt: null };
}

/** Saving writes the settings for this contract; a store that refuses (quota, private mode) fails. */
export function makeTransferActors(store: KeyValueStore, latencyMs: number) {
  return {
    saveSettings: fromPromise<
      { savedAt: number },
      { contract: string; settings: TransferSettings; at: number }
    >(async ({ input }) => {
      await new Promise((resolve) => setTimeout(resolve, latencyMs));
      store.setItem(settingsKey(input.contract), JSON.stringify({ ...input.settings, savedAt: input.at }));
      return { savedAt: input.at };
    }),
  };
}

/** A store that refuses to write, for trying the failure path. */
const refusingStore: KeyValueStore = {
  getItem: () => null,
  setItem: () => {
    throw new Error('storage refused');
  },
};

export const transferSettingsMachine = setup({
  types: {
    context: {} as TransferContext,
    events: {} as TransferEvent,
    input: {} as { contract: string; saved: TransferSettings; savedAt: number | null },
    tags: {} as 'pending',
  },
  actors: makeTransferActors(refusingStore, 0),
  guards: {
    dirty: ({ context }) => !sameSettings(context.draft, context.saved),
    notSaving: not(stateIn('saving')),
  },
  actions: {
    edit: assign({
      draft: ({ context, event }) => {
        assertEvent(event, ['transfer.setMode', 'transfer.setNotify', 'transfer.setConsent']);
        if (event.type === 'transfer.setMode') return { ...context.draft, mode: event.mode };
        if (event.type === 'transfer.setNotify') return { ...context.draft, notify: event.on };
        return { ...context.draft, consent: event.on };
      },
      error: null,
    }),
    discard: assign({ draft: ({ context }) => context.saved, error: null }),
    activate: assign({
      saved: ({ context }) => context.draft,
      savedAt: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.saveSettings');
        return event.output.savedAt;
      },
      error: null,
    }),
    fail: assign({ error: 'storage' as const }),
  },
}).createMachine({
  id: 'transferSettings',
  context: ({ input }) => ({
    contract: input.contract,
    saved: input.saved,
    draft: input.saved,
    savedAt: input.savedAt,
    error: null,
  }),
  initial: 'pristine',
  // Any change re-checks dirtiness; nothing changes while the settings are being written.
  on: {
    'transfer.setMode': { guard: 'notSaving', target: '.edited', actions: 'edit' },
    'transfer.setNotify': { guard: 'notSaving', target: '.edited', actions: 'edit' },
    'transfer.setConsent': { guard: 'notSaving', target: '.edited', actions: 'edit' },
  },
  states: {
    /** Nothing to save: the form shows what is active. */
    pristine: {},
    /** After a change: dirty, unless it put things back as they were. */
    edited: {
      always: [{ guard: 'dirty', target: 'editing' }, { target: 'pristine' }],
    },
    editing: {
      on: {
        'transfer.save': { guard: 'dirty', target: 'saving' },
        'transfer.discard': { target: 'pristine', actions: 'discard' },
      },
    },
    saving: {
      tags: ['pending'],
      entry: spawnChild('saveSettings', {
        id: 'saveSettings',
        input: ({ context, event }) => {
          assertEvent(event, 'transfer.save');
          return { contract: context.contract, settings: context.draft, at: event.at };
        },
      }),
      exit: stopChild('saveSettings'),
      on: {
        'xstate.done.actor.saveSettings': { target: 'saved', actions: 'activate' },
        'xstate.error.actor.saveSettings': { target: 'saveFailed', actions: 'fail' },
      },
    },
    /** Active since savedAt; nothing left to save. */
    saved: {},
    /** The reason is shown; the edits are kept and can be saved again or discarded. */
    saveFailed: {
      on: {
        'transfer.save': { guard: 'dirty', target: 'saving' },
        'transfer.discard': { target: 'pristine', actions: 'discard' },
      },
    },
  },
});

export type TransferSnapshot = SnapshotFrom<typeof transferSettingsMachine>;

/** Unsaved edits: leaving should ask first. */
export const hasUnsavedEdits = (s: TransferSnapshot) => s.matches('editing') || s.matches('saveFailed');
