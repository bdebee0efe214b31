// Paying, as a renter does it on the Payment screen against the real server: a card kept on file
// when they ask, offered on their next booking with only its CVV asked again, and forgotten at a tap,
// in English and Arabic.
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { carOf } from '../machines/sampleFleet';
import { ar } from '../src/i18n/ar';
import { en } from '../src/i18n/en';
import { fill, formatAmount, formatDate } from '../src/i18n/format';
import { freeCancellationUntil, lateCancellationFee, noShowAt } from '../machines/journey-rules';
import { DAY_MS } from '../machines/money';
import type { Trip } from '../machines/booking';
import { cardOnFile } from '../src/client/cardApi';
import { NOW, renderAt, RENTER } from './render';

const CARD = { name: 'Mariam Al Suwaidi', number: '4242 4242 4242 4242', expiry: '12/29', cvv: '123' };

/** The renter's next booking, of the Camry (for `trip`, or its first free one), signed and on Payment. */
async function signedFor(view: Awaited<ReturnType<typeof renderAt>>, path: string, trip?: Trip) {
  view.actor.send({ type: 'booking.start', car: carOf('camry'), ...(trip ? { trip } : {}), at: Date.now() });
  view.actor.send({ type: 'contract.acceptTerms' });
  view.actor.send({ type: 'contract.verifyIdentity' });
  view.actor.send({ type: 'contract.sign', signature: RENTER.fullName, at: NOW });
  await waitFor(() => expect(view.actor.getSnapshot().context.contract).not.toBeNull());
  view.actor.send({ type: 'contract.proceed' });
  await waitFor(() => expect(view.actor.getSnapshot().matches({ signedIn: { payment: 'editing' } })).toBe(true));
  await act(() => view.router.navigate(path));
}

describe.each([
  { t: en, path: '/payment', lang: 'en' },
  { t: ar, path: '/arabic/payment', lang: 'ar' },
] as const)('before paying ($path)', ({ t, path, lang }) => {
  const c = t.bookingChanges;
  const money = (fils: number) => formatAmount(fils, lang);
  const when = (at: number) => formatDate(new Date(at), lang, 'dateTime');
  const start = (sentence: string) => sentence.split('{')[0]!.trim();

  it('says what cancelling or not coming keeps, with this booking’s dates and amounts; never "free until" a time past', async () => {
    // The default trip starts tomorrow: inside 48 hours, so there is no free cancellation to offer.
    const view = await renderAt(path, { journey: 'toPayment' });
    const rules = await screen.findByRole('region', { name: c.rulesTitle });
    const { booking } = view.actor.getSnapshot().context;
    expect(freeCancellationUntil(booking)).toBeLessThan(Date.now());
    expect(rules).toHaveTextContent(start(c.policyLate));
    expect(rules).not.toHaveTextContent(start(c.policy));
    expect(rules).toHaveTextContent(money(lateCancellationFee(booking)));
    expect(rules).toHaveTextContent(when(noShowAt(view.actor.getSnapshot().context)));

    // A trip ten days ahead: free until 48 hours before its pickup.
    const pickupAt = Math.floor((Date.now() + 10 * DAY_MS) / 3_600_000) * 3_600_000;
    await signedFor(view, path, { pickupLocation: 'dxb-t3', dropoffLocation: 'dxb-t3', pickupAt, dropoffAt: pickupAt + 2 * DAY_MS });
    const later = await screen.findByRole('region', { name: c.rulesTitle });
    const ahead = view.actor.getSnapshot().context.booking;
    expect(later).toHaveTextContent(when(freeCancellationUntil(ahead)));
    expect(later).toHaveTextContent(start(c.policy));
    // Camry: 240.00 a day and its VAT.
    expect(later).toHaveTextContent(money(25_200));
  });
});

describe.each([
  { t: en, path: '/payment' },
  { t: ar, path: '/arabic/payment' },
])('the card on file ($path)', ({ t, path }) => {
  const p = t.payment;
  const visa = fill(p.onFile, { brand: 'Visa', last4: '4242', expiry: '12/29' });

  /** A renter who paid their first booking with "keep this card" ticked, cancelled it, and signed for another car. */
  async function secondBooking() {
    const view = await renderAt(path, { journey: 'toPayment' });
    // No card on file yet: the card is typed, and nothing is offered.
    expect(screen.queryByRole('radiogroup', { name: p.payWith })).toBeNull();
    await view.user.type(screen.getByLabelText(p.cardholder), CARD.name);
    await view.user.type(screen.getByLabelText(p.cardNumber), CARD.number);
    await view.user.type(screen.getByLabelText(p.expiry), CARD.expiry);
    await view.user.type(screen.getByLabelText(p.cvv), CARD.cvv);
    await view.user.click(screen.getByRole('checkbox', { name: p.keep }));
    await view.user.click(screen.getByRole('button', { name: p.pay }));
    await waitFor(() => expect(view.actor.getSnapshot().context.payment).not.toBeNull());
    await waitFor(() => expect(view.actor.getSnapshot().hasTag('pending')).toBe(false));

    view.actor.send({ type: 'booking.cancel', at: NOW });
    await waitFor(() => expect(view.actor.getSnapshot().context.cancellation).not.toBeNull());
    await signedFor(view, path);
    return view;
  }

  it('offers the kept card on the next booking and pays with its CVV alone', async () => {
    const view = await secondBooking();
    const kept = await screen.findByRole('radio', { name: visa });
    expect(kept).toHaveAttribute('aria-checked', 'true');
    // Only the CVV is asked again: no number, name or expiry to type.
    expect(screen.queryByLabelText(p.cardNumber)).toBeNull();
    expect(screen.queryByLabelText(p.cardholder)).toBeNull();
    await view.user.click(screen.getByRole('button', { name: p.pay }));
    // Without it, it is asked for, next to the field, which takes the focus.
    const cvv = screen.getByLabelText(p.cvv);
    await waitFor(() => expect(cvv).toHaveAccessibleDescription(expect.stringContaining(t.problems.required)));
    expect(cvv).toHaveFocus();
    await view.user.type(cvv, '321');
    await view.user.click(screen.getByRole('button', { name: p.pay }));
    await waitFor(() => expect(view.actor.getSnapshot().context.payment).not.toBeNull());
    expect(view.actor.getSnapshot().context.payment!.last4).toBe('4242');
    expect(view.actor.getSnapshot().context.booking.carId).toBe('camry');
    expect(await screen.findByText(new RegExp(p.paid.split('{amount}')[0]!.trim()))).toBeInTheDocument();
  });

  it('"Another card" asks for the whole card; "Forget this card" drops it for good', async () => {
    const view = await secondBooking();
    await screen.findByRole('radio', { name: visa });
    await view.user.click(screen.getByRole('radio', { name: p.anotherCard }));
    expect(screen.getByLabelText(p.cardNumber)).toBeInTheDocument();
    await view.user.click(screen.getByRole('radio', { name: visa }));
    await view.user.click(screen.getByRole('button', { name: p.forget }));
    expect(await screen.findByText(fill(p.forgotten, { last4: '4242' }))).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: p.payWith })).toBeNull();
    expect(screen.getByLabelText(p.cardNumber)).toBeInTheDocument();
    // The server has forgotten it too.
    const answer = await cardOnFile(view.session.api);
    expect(answer.ok && answer.body.card).toBeNull();
  });
});
