// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { inspectorOptions, redact, REDACTED } from '../src/app/inspector';

describe('the Stately inspector sees no secret', () => {
  it('the provider’s news reaches it without the saved card’s ids or its expiry', () => {
    const event = {
      type: 'payment.completed',
      sessionId: 'cs_test_1',
      reference: 'pi_1',
      cardToken: 'cus_1/pm_1',
      card: { last4: '4242', brand: 'visa', expiry: '12/30' },
      at: 1,
    };
    const seen = inspectorOptions.sanitizeEvent(event);
    expect(seen).toEqual({ ...event, cardToken: REDACTED, card: { last4: '4242', brand: 'visa', expiry: REDACTED } });
    expect(JSON.stringify(seen)).not.toMatch(/cus_1|pm_1|12\/30/);
    expect(event.cardToken).toBe('cus_1/pm_1'); // the app's own event is untouched
  });

  it('registration and log-in reach it without passwords, the Emirates ID or the documents', () => {
    const file = new Blob(['id']);
    const seen = JSON.stringify([
      inspectorOptions.sanitizeEvent({
        type: 'registration.submit',
        form: {
          email: 'm@example.ae',
          password: 'desert-rose-42',
          confirmPassword: 'desert-rose-42',
          emiratesId: '784-1990-1234567-6',
          emiratesIdExpiry: '2031-01-31',
          licenceExpiry: '2030-06-30',
          emiratesIdFile: { name: 'id.png', type: 'image/png', size: 2, file },
        },
      }),
      inspectorOptions.sanitizeEvent({ type: 'logIn.submit', email: 'm@example.ae', password: 'desert-rose-42' }),
      inspectorOptions.sanitizeEvent({ type: 'contract.sign', signature: 'Mariam Al Suwaidi', at: 1 }),
    ]);
    expect(seen).toContain('m@example.ae');
    expect(seen).not.toContain('desert-rose-42');
    expect(seen).not.toContain('784-1990');
    expect(seen).not.toContain('Mariam Al Suwaidi');
    expect(seen.match(new RegExp(REDACTED.replace(/[[\]]/g, '\\$&'), 'g'))).toHaveLength(6);
  });

  it('a journey context reaches it without the renter’s Emirates ID', () => {
    const context = { renter: { email: 'm@example.ae', emiratesId: '784-1990-1234567-6', verified: true }, deductions: [] };
    expect(inspectorOptions.sanitizeContext(context)).toEqual({
      renter: { email: 'm@example.ae', emiratesId: REDACTED, verified: true },
      deductions: [],
    });
    expect(redact(null)).toBeNull();
  });
});
