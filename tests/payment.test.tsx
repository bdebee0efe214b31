// Paying, as a renter does it on the Payment screen against the real server and the provider's
// stand-in: no card field here, the consent asked, the provider's own page, the way back and what it
// said, and the card kept on file shown in Account, in English and Arabic.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isNull } from 'drizzle-orm';
import { leaveTo } from '../src/ui/leave';
import { providerEvents } from '../server/db/schema';
import { takeInPaymentEvents } from '../server/payments/events';
import { CARDS, typeCard } from './support/provider';
import { carOf } from '../machines/sampleFleet';
import { ar } from '../src/i18n/ar';
import { en } from '../src/i18n/en';
import { fill, formatAmount, formatDate } from '../src/i18n/format';
import { freeCancellationUntil, lateCancellationFee, noShowAt } from '../machines/journey-rules';
import { DAY_MS } from '../machines/money';
import type { Trip } from '../machines/booking';
import { cardOnFile } from '../src/client/cardApi';
import { NOW, renderAt, RENTER, testServer } from './render';

// jsdom cannot leave for another site: the screen's leaving is seen here instead.
vi.mock('../src/ui/leave', () => ({ leaveTo: vi.fn() }));

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
  { t: en, path: '/payment', account: '/account', lang: 'en' },
  { t: ar, path: '/arabic/payment', account: '/arabic/account', lang: 'ar' },
] as const)('paying on the provider’s page ($path)', ({ t, path, account, lang }) => {
  const p = t.payment;
  beforeEach(() => vi.mocked(leaveTo).mockClear());

  /** The renter agrees on our page and goes to the provider's; the page it opened. */
  async function toProvider(view: Awaited<ReturnType<typeof renderAt>>) {
    await view.user.click(await screen.findByRole('checkbox', { name: p.consent }));
    await view.user.click(screen.getByRole('button', { name: p.pay }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalled());
    return vi.mocked(leaveTo).mock.lastCall![0];
  }

  it('has no card field; without the consent it says why next to the box, which takes the focus', async () => {
    await renderAt(path, { journey: 'toPayment' });
    const consent = await screen.findByRole('checkbox', { name: p.consent });
    for (const field of [/card number|رقم البطاقة/i, /cvv|رمز التحقق/i, /expir|انتهاء/i]) expect(screen.queryByLabelText(field)).toBeNull();
    expect(screen.getByText(p.secure)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: p.pay }));
    await waitFor(() => expect(consent).toHaveAccessibleDescription(expect.stringContaining(t.problems.cardConsent)));
    expect(consent).toHaveFocus();
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('goes to the provider’s own page; back from it paid, the screen says so, and Account shows the card kept', async () => {
    const view = await renderAt(path, { journey: 'toPayment' });
    const url = await toProvider(view);
    const { paymentsStandIn } = (await testServer()).deps;
    expect(new URL(url).origin).toBe(paymentsStandIn!.origin);
    // The booking says where it is, with the way back to the page and until when the car waits.
    const session = view.actor.getSnapshot().context.paymentSession!;
    expect(await screen.findByRole('link', { name: p.continueAtProvider })).toHaveAttribute('href', url);
    expect(screen.getByText(fill(p.atProvider, { time: formatDate(new Date(session.expiresAt), lang, 'time') }))).toBeInTheDocument();
    // The provider's page, in the renter's language.
    expect(await (await fetch(url)).text()).toContain(lang === 'ar' ? 'رقم البطاقة' : 'Card number');
    const paid = await typeCard(url);
    await view.browser.fetch(paid.headers.get('location')!, { redirect: 'manual' });
    await act(() => view.session.refreshJourney());
    expect(await screen.findByText(new RegExp(p.paid.split('{amount}')[0]!.trim()))).toBeInTheDocument();
    // Account: the card kept, what for, and not removable while this booking needs it.
    await act(() => view.router.navigate(account));
    const a = t.account.card;
    expect(await screen.findByText(fill(a.shown, { brand: a.brands.visa, last4: '4242', expiry: '12/30' }))).toBeInTheDocument();
    expect(screen.getByText(a.consent)).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: a.remove }));
    expect(await screen.findByText(a.inUse)).toBeInTheDocument();
    const answer = await cardOnFile(view.session.api);
    expect(answer.ok && answer.body.card).toMatchObject({ last4: '4242' });
  });

  it('a card refused on the provider’s page: the screen says why, and the renter can try again or start again', async () => {
    const view = await renderAt(path, { journey: 'toPayment' });
    const url = await toProvider(view);
    await typeCard(url, CARDS.insufficientFunds);
    const { deps } = await testServer();
    await waitFor(async () => expect(await deps.db.select().from(providerEvents).where(isNull(providerEvents.doneAt))).toEqual([]), { timeout: 10_000 });
    await takeInPaymentEvents(deps);
    await act(() => view.session.refreshJourney());
    expect(await screen.findByText(new RegExp(t.errors.insufficientFunds.slice(0, 20)))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: p.continueAtProvider })).toHaveAttribute('href', url);
    // Start again: a new page at the provider (the old one is closed there).
    vi.mocked(leaveTo).mockClear();
    await view.user.click(screen.getByRole('button', { name: p.startAgain }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalled());
    expect(vi.mocked(leaveTo).mock.lastCall![0]).not.toBe(url);
    expect((await fetch(url)).status).toBe(410);
  });
});
