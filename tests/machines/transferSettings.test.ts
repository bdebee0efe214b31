// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  DEFAULT_SETTINGS,
  hasUnsavedEdits,
  SaveConflict,
  transferSettingsMachine,
  type TransferSettings,
} from '../../machines/transferSettings';

const CONTRACT = 'MC-2024-0412';
const AT = new Date(2026, 10, 21, 10).getTime();

type Save = { contract: string; settings: TransferSettings; version: number };

/** The machine with a save that answers as `answer` says (the server's side is tested in tests/server). */
function start(answer: (input: Save) => Promise<{ savedAt: number; version: number }>) {
  const saves: Save[] = [];
  const saveSettings = fromPromise<{ savedAt: number; version: number }, Save>(async ({ input }) => {
    saves.push(input);
    return answer(input);
  });
  const actor = createActor(transferSettingsMachine.provide({ actors: { saveSettings } }), {
    input: { contract: CONTRACT, saved: DEFAULT_SETTINGS, savedAt: null, version: 3 },
  }).start();
  return { actor, saves, state: () => actor.getSnapshot() };
}

const accepted = async (input: Save) => ({ savedAt: AT, version: input.version + 1 });

describe('transfer settings machine', () => {
  it('starts pristine with automatic transfer and both switches off; nothing to save', () => {
    const { state } = start(accepted);
    expect(state().value).toBe('pristine');
    expect(state().context.draft).toEqual(DEFAULT_SETTINGS);
    expect(state().can({ type: 'transfer.save' })).toBe(false); // dirty: no
  });

  it('dirty both ways: a change makes it saveable; changing it back makes it pristine again', () => {
    const { actor, state } = start(accepted);
    actor.send({ type: 'transfer.setMode', mode: 'manual' });
    expect(state().value).toBe('editing');
    expect(hasUnsavedEdits(state())).toBe(true);
    expect(state().can({ type: 'transfer.save' })).toBe(true); // dirty: yes
    actor.send({ type: 'transfer.setMode', mode: 'automatic' });
    expect(state().value).toBe('pristine');
    expect(hasUnsavedEdits(state())).toBe(false);
  });

  it('saves the draft over the version it started from; saved with the time and the new version', async () => {
    const { actor, state, saves } = start(accepted);
    actor.send({ type: 'transfer.setMode', mode: 'manual' });
    actor.send({ type: 'transfer.setConsent', on: true });
    actor.send({ type: 'transfer.save' });
    expect(state().value).toBe('saving');
    // notSaving both ways: edits are ignored while writing, accepted again afterwards.
    actor.send({ type: 'transfer.setNotify', on: true });
    expect(state().context.draft.notify).toBe(false);
    await waitFor(actor, (s) => s.matches('saved'));
    expect(saves).toEqual([{ contract: CONTRACT, settings: { mode: 'manual', notify: false, consent: true }, version: 3 }]);
    expect(state().context).toMatchObject({ savedAt: AT, version: 4, saved: { mode: 'manual', notify: false, consent: true } });
    actor.send({ type: 'transfer.setNotify', on: true });
    expect(state().value).toBe('editing');
  });

  it('a save that fails keeps the edits, says so, and can be retried or discarded', async () => {
    const { actor, state } = start(async () => {
      throw new Error('unreachable');
    });
    actor.send({ type: 'transfer.setNotify', on: true });
    actor.send({ type: 'transfer.save' });
    await waitFor(actor, (s) => s.matches('saveFailed'));
    expect(state().context).toMatchObject({ error: 'failed', draft: { notify: true }, saved: { notify: false } });
    expect(hasUnsavedEdits(state())).toBe(true);
    expect(state().can({ type: 'transfer.save' })).toBe(true);
    actor.send({ type: 'transfer.discard' });
    expect(state().value).toBe('pristine');
    expect(state().context.draft).toEqual(DEFAULT_SETTINGS);
  });

  it('a conflict brings in what another manager saved, keeps these edits to compare, and saves over the new version', async () => {
    const theirs = { mode: 'manual', notify: true, consent: false } as const;
    let first = true;
    const { actor, state, saves } = start(async (input) => {
      if (first) {
        first = false;
        throw new SaveConflict({ settings: theirs, savedAt: AT - 1000, version: 4 });
      }
      return accepted(input);
    });
    actor.send({ type: 'transfer.setConsent', on: true });
    actor.send({ type: 'transfer.save' });
    await waitFor(actor, (s) => s.matches('saveFailed'));
    expect(state().context).toMatchObject({ error: 'conflict', saved: theirs, savedAt: AT - 1000, version: 4 });
    expect(state().context.draft).toEqual({ mode: 'automatic', notify: false, consent: true });
    actor.send({ type: 'transfer.save' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(saves.map((s) => s.version)).toEqual([3, 4]);
  });
});
