// @vitest-environment node
// docs/machines.md is drawn from the machines (build/diagrams.ts): it must say what the machines do
// now, and the drawing must show a machine's states, nesting, guards and calls as the machine has them.
import { readFileSync } from 'node:fs';
import { assign, fromPromise, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { machineDiagram, machinesDocument, MACHINES_DOC } from '../build/diagrams';

describe('the machines’ diagrams', () => {
  it('docs/machines.md is current: after a change to a machine, `npm run diagrams` writes it again', () => {
    expect(readFileSync(MACHINES_DOC, 'utf8')).toBe(machinesDocument());
  });

  it('draws every state in its parent, the first one of each, and each move with its event, guard and call', () => {
    const machine = setup({
      guards: { cardValid: () => true },
      actors: { charge: fromPromise(async () => 'ok') },
    }).createMachine({
      id: 'shop',
      initial: 'cart',
      on: { reset: '.cart' },
      states: {
        cart: { on: { 'cart.pay': { guard: 'cardValid', target: 'paying' }, 'cart.note': { actions: assign({}) } } },
        paying: {
          initial: 'charging',
          states: {
            charging: { invoke: { src: 'charge', id: 'charge', onDone: '#shop.paid', onError: 'retry' } },
            retry: { after: { 1000: 'charging' } },
          },
        },
        paid: { type: 'final' },
      },
    });
    expect(machineDiagram(machine).split('\n')).toEqual([
      'stateDiagram-v2',
      '  state "cart" as shop_cart',
      '  state "paying" as shop_paying',
      '  state shop_paying {',
      '    state "charging" as shop_paying_charging',
      '    state "retry" as shop_paying_retry',
      '    [*] --> shop_paying_charging',
      '  }',
      '  state "paid" as shop_paid',
      '  [*] --> shop_cart',
      '  state "(any state)" as shop',
      '  shop --> shop_cart : reset',
      '  shop_cart --> shop_paying : cart.pay [cardValid]',
      '  shop_paying_charging --> shop_paid : charge done',
      '  shop_paying_charging --> shop_paying_retry : charge failed',
      '  shop_paying_retry --> shop_paying_charging : after 1000 ms',
      '  shop_paid --> [*]',
    ]);
  });

  it('the journey’s drawing has its steps in order, and payment moving on only once the provider says it is paid', () => {
    const journey = machinesDocument().split('## ')[1]!;
    expect(journey).toContain('journey_signedIn_payment_opening --> journey_signedIn_payment_atProvider : openCheckout done');
    expect(journey).toContain('journey_signedIn_payment_atProvider --> journey_signedIn_payment_paid : payment.completed [thisSession]');
    expect(journey).toContain('journey_signedIn_payment_paid --> journey_signedIn_carPickup : payment.proceed');
    expect(journey).not.toMatch(/journey_signedIn_payment_(editing|opening|atProvider) --> journey_signedIn_carPickup/);
  });
});
