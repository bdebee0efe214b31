import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { createTestModel, type TestParam } from 'xstate/graph';
import {
  DEFAULT_SETTINGS,
  transferSettingsMachine,
  type TransferEvent,
  type TransferSnapshot,
} from '../machines/transferSettings';
import { ar } from '../src/i18n/ar';
import { en, type Lang } from '../src/i18n/en';
import { pathOf } from '../src/i18n/paths';
import { coveringPaths, emptyCoverage, inventoryOf, recordInto, replayCoverage } from './journey.model';
import { renderAt, resetServer } from './render';

const AT = new Date(2026, 10, 21, 10).getTime();
const OUTCOME = Symbol('outcome');

/** Concrete events; a save is answered by the server: saved, or not (the connection dropped). */
const model = createTestModel(transferSettingsMachine, {
  input: { contract: 'MC-2024-0412', saved: DEFAULT_SETTINGS, savedAt: null as number | null, version: 1 },
  events: (): TransferEvent[] => [
    { type: 'transfer.setMode', mode: 'manual' },
    { type: 'transfer.setMode', mode: 'automatic' },
    { type: 'transfer.setNotify', on: true },
    { type: 'transfer.setNotify', on: false },
    { type: 'transfer.setConsent', on: true },
    { type: 'transfer.save' },
    { type: 'transfer.discard' },
    Object.assign(
      { type: 'xstate.done.actor.saveSettings' as const, output: { savedAt: AT, version: 2 } },
      { [OUTCOME]: true },
    ),
    Object.assign(
      { type: 'xstate.error.actor.saveSettings' as const, error: new Error('unreachable') },
      { [OUTCOME]: true },
    ),
  ],
  filterEvents: (_s, e) => !/^xstate\.(done|error)\.actor\./.test(e.type) || OUTCOME in e,
  serializeState: (s, event, previous) =>
    JSON.stringify({
      value: s.value,
      draft: s.context.draft,
      saved: s.context.saved,
      error: s.context.error,
    }) +
    (event && previous && JSON.stringify(previous.value) !== JSON.stringify(s.value)
      ? ` via ${event.type} from ${JSON.stringify(previous.value)}`
      : ''),
});
const INPUT = { contract: 'MC-2024-0412', saved: DEFAULT_SETTINGS, savedAt: null, version: 1 };
const generated = model.getShortestPaths();
// A covering subset of the generated paths is walked through the screen (each replayed on the machine).
const { paths } = coveringPaths(generated, (path) =>
  replayCoverage(
    transferSettingsMachine,
    ['saveSettings'],
    INPUT,
    path.steps.map((step) => step.event),
  ),
);
const walked = emptyCoverage();

type Executors = {
  [K in TransferEvent['type']]?: (step: { event: Extract<TransferEvent, { type: K }> }) => unknown;
};

describe('model-based paths through /transfer-logic (xstate/graph)', () => {
  // Every path starts from the contract as seeded (nothing saved yet).
  beforeEach(resetServer);

  it.each(paths.map((path, i) => ({ path, lang: (i % 2 ? 'ar' : 'en') as Lang, n: i + 1 })))(
    'path $n ($lang): $path.steps.length steps',
    async ({ path, lang }) => {
      const t = lang === 'ar' ? ar : en;
      const l = t.transferLogic;
      const { user, router, browser } = await renderAt(pathOf('transferLogic', lang), {
        manager: true,
        // The save takes a network's 300 ms, so its busy state is seen; the rest answers at once.
        latency: ({ body }) => (body.includes('"settings"') ? 300 : 0),
        inspectScreens: recordInto(walked),
      });
      // What comes after each step, so a save whose outcome is a dropped connection gets one.
      const steps = path.steps.map((step) => step.event);
      let step = 0;
      const radio = (name: string) => screen.findByRole('radio', { name });
      const toggle = async (name: string, on: boolean) => {
        const control = await screen.findByRole('switch', { name });
        if ((control.getAttribute('aria-checked') === 'true') !== on) await user.click(control);
      };
      const events: Executors = {
        'transfer.setMode': async ({ event }) =>
          user.click(await radio(event.mode === 'manual' ? l.manual : l.automatic)),
        'transfer.setNotify': ({ event }) => toggle(l.notify, event.on),
        'transfer.setConsent': ({ event }) => toggle(l.requireConsent, event.on),
        'transfer.save': async () => {
          if (steps[step]?.type === 'xstate.error.actor.saveSettings')
            browser.dropNextRequest((body) => body.includes('"settings"'));
          await user.click(screen.getByRole('button', { name: l.save }));
        },
        'transfer.discard': async () => user.click(screen.getByRole('button', { name: l.discard })),
      };
      const counted = Object.fromEntries(
        [...new Set(steps.map((e) => e.type))].map((type) => [
          type,
          async (arg: never) => {
            step++;
            await (events as Record<string, ((a: never) => unknown) | undefined>)[type]?.(arg);
          },
        ]),
      );
      // Per state: the screen's URL and h1, the controls showing the draft, and what the state says.
      const check = (extra: (s: TransferSnapshot) => void) => async (s: TransferSnapshot) =>
        waitFor(() => {
          expect(router.state.location.pathname).toBe(pathOf('transferLogic', lang));
          expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(t.titles.transferLogic);
          const manual = screen.getByRole('radio', { name: l.manual });
          expect(manual).toHaveAttribute('aria-checked', String(s.context.draft.mode === 'manual'));
          expect(screen.getByRole('switch', { name: l.notify })).toHaveAttribute(
            'aria-checked',
            String(s.context.draft.notify),
          );
          expect(screen.getByRole('switch', { name: l.requireConsent })).toHaveAttribute(
            'aria-checked',
            String(s.context.draft.consent),
          );
          extra(s);
        });
      const save = () =>
        screen.getByRole('button', { name: within(document.body).queryByText(l.saving) ? l.saving : l.save });
      const states: TestParam<TransferSnapshot, TransferEvent>['states'] = {
        pristine: check(() => expect(save()).toBeDisabled()),
        editing: check(() => {
          expect(save()).toBeEnabled();
          expect(screen.getByRole('status')).toHaveTextContent(l.unsaved);
        }),
        saving: check(() =>
          expect(screen.getByRole('button', { name: l.saving })).toHaveAttribute('aria-busy', 'true'),
        ),
        saved: check(() => {
          expect(save()).toBeDisabled();
          // Said twice: what is active now, and that this save did it.
          const [active, saved] = screen.getAllByRole('status');
          expect(active).toHaveTextContent(l.activeSince.split('{date}')[0]!.trim());
          expect(saved).toHaveTextContent(l.savedNow.split('{code}')[0]!.trim());
        }),
        saveFailed: check(() => {
          expect(screen.getByText(l.saveFailed)).toBeInTheDocument();
          expect(screen.getByRole('button', { name: l.discard })).toBeInTheDocument();
        }),
      };
      await path.test({ events: counted as TestParam<TransferSnapshot, TransferEvent>['events'], states });
    },
    30_000,
  );

  afterAll(() => {
    const all = inventoryOf(transferSettingsMachine);
    const missing = {
      states: [...all.states].filter((s) => !walked.states.has(s)),
      transitions: [...all.transitions].filter((s) => !walked.transitions.has(s)),
    };
    console.log(
      `Transfer settings model: ${paths.length} of ${generated.length} generated paths walked; states ${all.states.size - missing.states.length}/${all.states.size}, ` +
        `transitions ${all.transitions.size - missing.transitions.length}/${all.transitions.size}`,
    );
    expect(missing).toEqual({ states: [], transitions: [] });
  });
});
