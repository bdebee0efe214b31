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
  /** The stored record's version this form started from (a save from an older one is a conflict). */
  version: number;
  /** Why the last save failed: another manager saved first (`conflict`), or it could not be saved. */
  error: 'conflict' | 'failed' | null;
}

export type TransferEvent =
  | { type: 'transfer.setMode'; mode: TransferMode }
  | { type: 'transfer.setNotify'; on: boolean }
  | { type: 'transfer.setConsent'; on: boolean }
  | { type: 'transfer.save' }
  | { type: 'transfer.discard' }
  | { type: 'xstate.done.actor.saveSettings'; output: { savedAt: number; version: number } }
  | { type: 'xstate.error.actor.saveSettings'; error: unknown };

/** Another manager saved the contract first: their settings, now the active ones. */
export class SaveConflict extends Error {
  constructor(readonly current: { settings: TransferSettings; savedAt: number | null; version: number }) {
    super('conflict');
  }
}

/** Saving is a call to the server (the browser provides it); unprovided, it fails as a refused save. */
const saveSettings = fromPromise<
  { savedAt: number; version: number },
  { contract: string; settings: TransferSettings; version: number }
>(
  async () => {
    throw new Error('not provided');
  },
);

export const transferSettingsMachine = setup({
  types: {
    context: {} as TransferContext,
    events: {} as TransferEvent,
    input: {} as { contract: string; saved: TransferSettings; savedAt: number | null; version: number },
    tags: {} as 'pending',
  },
  actors: { saveSettings },
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
      version: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.saveSettings');
        return event.output.version;
      },
      error: null,
    }),
    /** A conflict brings in what the other manager saved; the edits stay in the form to compare. */
    fail: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.saveSettings');
      if (!(event.error instanceof SaveConflict)) return { error: 'failed' as const };
      const { settings, savedAt, version } = event.error.current;
      return { error: 'conflict' as const, saved: settings, savedAt, version };
    }),
  },
}).createMachine({
  id: 'transferSettings',
  context: ({ input }) => ({
    contract: input.contract,
    saved: input.saved,
    draft: input.saved,
    savedAt: input.savedAt,
    version: input.version,
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
          return { contract: context.contract, settings: context.draft, version: context.version };
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
