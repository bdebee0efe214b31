// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { memoryStore, type KeyValueStore } from '../../machines/accounts';
import {
  DEFAULT_SETTINGS,
  hasUnsavedEdits,
  loadSettings,
  makeTransferActors,
  settingsKey,
  transferSettingsMachine,
} from '../../machines/transferSettings';

const CONTRACT = 'MC-2024-0412';
const AT = new Date(2026, 10, 21, 10).getTime();

function start(store: KeyValueStore = memoryStore(), actors = makeTransferActors(store, 0)) {
  const { settings, savedAt } = loadSettings(store, CONTRACT);
  const actor = createActor(transferSettingsMachine.provide({ actors }), {
    input: { contract: CONTRACT, saved: settings, savedAt },
  }).start();
  return { actor, store, state: () => actor.getSnapshot() };
}

describe('transfer settings machine', () => {
  it('starts pristine with automatic transfer and both switches off; nothing to save', () => {
    const { state } = start();
    expect(state().value).toBe('pristine');
    expect(state().context.draft).toEqual(DEFAULT_SETTINGS);
    expect(state().can({ type: 'transfer.save', at: AT })).toBe(false); // dirty: no
  });

  it('dirty both ways: a change makes it saveable; changing it back makes it pristine again', () => {
    const { actor, state } = start();
    actor.send({ type: 'transfer.setMode', mode: 'manual' });
    expect(state().value).toBe('editing');
    expect(hasUnsavedEdits(state())).toBe(true);
    expect(state().can({ type: 'transfer.save', at: AT })).toBe(true); // dirty: yes
    actor.send({ type: 'transfer.setMode', mode: 'automatic' });
    expect(state().value).toBe('pristine');
    expect(hasUnsavedEdits(state())).toBe(false);
  });

  it('saves: saving → saved with the time, written per contract, and read back on the next visit', async () => {
    const { actor, state, store } = start();
    actor.send({ type: 'transfer.setMode', mode: 'manual' });
    actor.send({ type: 'transfer.setConsent', on: true });
    actor.send({ type: 'transfer.save', at: AT });
    expect(state().value).toBe('saving');
    // notSaving both ways: edits are ignored while writing, accepted again afterwards.
    actor.send({ type: 'transfer.setNotify', on: true });
    expect(state().context.draft.notify).toBe(false);
    await waitFor(actor, (s) => s.matches('saved'));
    expect(state().context).toMatchObject({
      savedAt: AT,
      saved: { mode: 'manual', notify: false, consent: true },
    });
    expect(JSON.parse(store.getItem(settingsKey(CONTRACT))!)).toEqual({
      mode: 'manual',
      notify: false,
      consent: true,
      savedAt: AT,
    });
    expect(start(store).state().context).toMatchObject({
      saved: { mode: 'manual', consent: true },
      savedAt: AT,
    });
    expect(loadSettings(store, 'MC-OTHER').settings).toEqual(DEFAULT_SETTINGS); // per contract
    actor.send({ type: 'transfer.setNotify', on: true });
    expect(state().value).toBe('editing');
  });

  it('a refused save keeps the edits, says so, and can be retried or discarded', async () => {
    const refusing: KeyValueStore = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
    };
    const { actor, state } = start(memoryStore(), makeTransferActors(refusing, 0));
    actor.send({ type: 'transfer.setNotify', on: true });
    actor.send({ type: 'transfer.save', at: AT });
    await waitFor(actor, (s) => s.matches('saveFailed'));
    expect(state().context).toMatchObject({
      error: 'storage',
      draft: { notify: true },
      saved: { notify: false },
    });
    expect(hasUnsavedEdits(state())).toBe(true);
    expect(state().can({ type: 'transfer.save', at: AT })).toBe(true);
    actor.send({ type: 'transfer.discard' });
    expect(state().value).toBe('pristine');
    expect(state().context.draft).toEqual(DEFAULT_SETTINGS);
  });

  it('an unreadable saved entry falls back to the defaults', () => {
    const store = memoryStore();
    store.setItem(settingsKey(CONTRACT), '{"mode":"sometimes"');
    expect(loadSettings(store, CONTRACT)).toEqual({ settings: DEFAULT_SETTINGS, savedAt: null });
    store.setItem(
      settingsKey(CONTRACT),
      JSON.stringify({ mode: 'sideways', notify: 1, consent: false, savedAt: 1 }),
    );
    expect(loadSettings(store, CONTRACT).settings).toEqual(DEFAULT_SETTINGS);
  });
});
