// A paid booking, changed or cancelled by the renter in the app before pickup, and an offer redeemed:
// the price, the difference and the refund shown before confirming, in English and Arabic, against
// the real server (which decides with the same rules).
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { toDubaiInput } from '../machines/booking';
import { offers } from '../src/data/offers';
import { cancellationQuote, changeQuote } from '../machines/journey-rules';
import { DAY_MS } from '../machines/money';
import { CAR_IDS, carOf } from '../machines/sampleFleet';
import { ar } from '../src/i18n/ar';
import { en } from '../src/i18n/en';
import { fill, formatAmount } from '../src/i18n/format';
import { createApi } from '../src/client/api';
import { DOCUMENTS, payInApp, renderAt, RENTER, testServer, uniqueEmail, PDF_BYTES, PNG_BYTES } from './render';
import { browserFor, ORIGIN } from './support/server';

/** A renter who has paid for the default rental, on the Booking Details screen. */
async function paidBooking(path: string) {
  const view = await renderAt(path.replace('booking-details', 'account'), { journey: 'toPayment' });
  await payInApp(view);
  await waitFor(() => expect(view.actor.getSnapshot().context.payment).not.toBeNull());
  await act(() => view.router.navigate(path));
  return view;
}

const amount = (fils: number, lang: 'en' | 'ar') => new RegExp(formatAmount(fils, lang).replace(/[.,]/g, '\\$&'));

describe.each([
  { t: en, lang: 'en', path: '/booking-details' },
  { t: ar, lang: 'ar', path: '/arabic/booking-details' },
] as const)('a paid booking before pickup ($lang)', ({ t, lang, path }) => {
  const c = t.bookingChanges;

  it('cancelling shows the policy and the refund first, asks once more, then says it is cancelled', async () => {
    const view = await paidBooking(path);
    const section = await screen.findByRole('region', { name: c.cancelTitle });
    const quote = cancellationQuote(view.actor.getSnapshot().context, Date.now());
    expect(within(section).getByText(amount(quote.refund, lang))).toBeInTheDocument();
    await view.user.click(within(section).getByRole('button', { name: c.cancel }));
    // Nothing is cancelled until the renter confirms the refund they were shown.
    expect(view.actor.getSnapshot().context.cancellation).toBeNull();
    await view.user.click(within(section).getByRole('button', { name: new RegExp(c.confirmCancel.split('{refund}')[0]!.trim()) }));
    await waitFor(() => expect(view.actor.getSnapshot().context.cancellation).not.toBeNull());
    expect(view.actor.getSnapshot().context.cancellation).toMatchObject({ fee: quote.fee, refunded: quote.refund });
    // The booking's status line reads "Status: Cancelled" once the list is read again.
    const status = `${t.bookingDetails.status}: ${t.bookingDetails.statuses.cancelled}`;
    await waitFor(() => expect(screen.getByText((_, el) => el?.tagName === 'P' && el.textContent === status)).toBeInTheDocument());
    expect(screen.getAllByRole('link', { name: c.findAnother }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: c.cancel })).not.toBeInTheDocument();
  });

  it('the signed agreement and the payment’s tax invoice are listed, and open as pages and PDFs in the page’s language', async () => {
    const view = await paidBooking(path);
    const d = t.papers;
    const section = await screen.findByRole('region', { name: d.title });
    const open = await within(section).findByRole('link', { name: new RegExp(`^${fill(d.openLabel, { name: fill(d.kinds.invoice, { number: 'INV-\\d{6}' }) })}$`) });
    const row = open.closest('li')!;
    const paid = view.actor.getSnapshot().context.payment!.amount;
    expect(within(row).getByText(amount(paid, lang))).toBeInTheDocument();
    const number = /INV-\d{6}/.exec(open.getAttribute('aria-label')!)![0];
    const pdf = within(row).getByRole('link', { name: fill(d.pdfLabel, { name: fill(d.kinds.invoice, { number }) }) });
    expect(open.getAttribute('href')).toMatch(new RegExp(`/api/tax-documents/[0-9a-f-]{36}/page\\?lang=${lang}$`));
    expect(pdf.getAttribute('href')).toMatch(new RegExp(`/api/tax-documents/[0-9a-f-]{36}/pdf\\?lang=${lang}$`));
    // What the link opens, with the renter's own session: the invoice, in the page's language.
    const page = await (await view.browser.fetch(new URL(open.getAttribute('href')!, ORIGIN).href)).text();
    expect(page).toContain(`<h1>${lang === 'en' ? 'Tax Invoice' : 'فاتورة ضريبية'}</h1>`);
    expect(page).toContain(number);
    // The agreement as signed, first among the booking's papers.
    const agreement = within(section).getByRole('link', { name: fill(d.openLabel, { name: d.agreement }) });
    expect(agreement.getAttribute('href')).toMatch(new RegExp(`/api/agreements/[0-9a-f-]{36}/page\\?lang=${lang}$`));
    const signed = await (await view.browser.fetch(new URL(agreement.getAttribute('href')!, ORIGIN).href)).text();
    expect(signed).toContain(`<h1>${t.agreement.title}`);
  });

  it('Services shows the renter their own contract, found by its number or car, and opens its booking', async () => {
    const view = await paidBooking(path);
    const { car } = view.actor.getSnapshot().context.booking;
    await act(() => view.router.navigate(lang === 'en' ? '/services' : '/arabic/services'));
    const k = t.myContracts;
    const search = await screen.findByRole('searchbox', { name: k.search });
    // The contract the renter signed, with its company's number (MC-year-number) and the car.
    const open = screen.getByRole('link', { name: new RegExp(`^${fill(k.readMoreAbout, { code: 'MC-\\d{4}-\\d{6}' })}$`) });
    const code = /MC-\d{4}-\d{6}/.exec(open.getAttribute('aria-label')!)![0];
    const row = open.closest('li')!;
    expect(row).toHaveTextContent(fill(k.item, { code }));
    expect(row).toHaveTextContent(car.model);
    // Not the managers' search: it stays here, and says when nothing matches.
    await view.user.type(search, 'Lamborghini');
    expect(await screen.findByText(fill(k.noMatch, { query: 'Lamborghini' }))).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: fill(k.readMoreAbout, { code }) })).toBeNull();
    await view.user.clear(search);
    await view.user.type(search, code.slice(-6).toLowerCase());
    await view.user.click(await screen.findByRole('link', { name: fill(k.readMoreAbout, { code }) }));
    await waitFor(() => expect(view.router.state.location.pathname).toMatch(new RegExp(`^${path}/`)));
    expect(await screen.findByText(code)).toBeInTheDocument();
    expect(screen.getByText(t.bookingDetails.contract)).toBeInTheDocument();
  });

  it('Services lists the companies’ cars free for its dates, as the server answers: the booked one is not offered', async () => {
    const view = await paidBooking(path);
    const { car } = view.actor.getSnapshot().context.booking;
    await act(() => view.router.navigate(lang === 'en' ? '/services' : '/arabic/services'));
    const others = CAR_IDS.filter((id) => id !== car.id);
    const first = await screen.findByRole('button', { name: fill(t.cars.rentCar, { car: carOf(others[0]!).model }) });
    const list = first.closest('ul')!;
    expect(within(list).getAllByRole('listitem')).toHaveLength(others.length);
    for (const other of others) expect(within(list).getByRole('button', { name: fill(t.cars.rentCar, { car: carOf(other).model }) })).toBeEnabled();
    expect(within(list).queryByRole('button', { name: fill(t.cars.rentCar, { car: car.model }) })).toBeNull();
  });

  it('new dates: the form checks them, the new price and the difference come first, then the change is made', async () => {
    const view = await paidBooking(path);
    const section = await screen.findByRole('region', { name: c.changeTitle });
    const s = t.search;
    const dropoff = within(section).getByLabelText(s.dropoffAt);
    const booking = view.actor.getSnapshot().context.booking;
    // A return before the pickup is refused next to the field, with the focus on it.
    await view.user.clear(dropoff);
    await view.user.type(dropoff, toDubaiInput(booking.pickupAt - DAY_MS));
    await view.user.click(within(section).getByRole('button', { name: c.check }));
    await waitFor(() => expect(dropoff).toHaveAccessibleDescription(expect.stringContaining(t.problems.beforePickup)));
    expect(dropoff).toHaveFocus();
    // A day less (the days after are another renter's): the refund is shown before anything moves.
    const shorter = { ...booking, dropoffAt: booking.dropoffAt - DAY_MS };
    await view.user.clear(dropoff);
    await view.user.type(dropoff, toDubaiInput(shorter.dropoffAt));
    await view.user.click(within(section).getByRole('button', { name: c.check }));
    const { difference } = changeQuote(view.actor.getSnapshot().context, shorter);
    expect(difference).toBeLessThan(0);
    expect(await within(section).findByText(fill(c.toRefund, { last4: '4242' }))).toBeInTheDocument();
    expect(within(section).getByText(amount(-difference, lang))).toBeInTheDocument();
    expect(view.actor.getSnapshot().context.changes).toEqual([]);
    // "Keep the dates as they are": nothing changes, and the form shows the booking's dates again.
    await view.user.click(within(section).getByRole('button', { name: c.keepDates }));
    expect(within(section).queryByText(fill(c.toRefund, { last4: '4242' }))).toBeNull();
    expect(within(section).getByLabelText(s.dropoffAt)).toHaveValue(toDubaiInput(booking.dropoffAt));
    // Asked again, the same day less.
    const again = within(section).getByLabelText(s.dropoffAt);
    await view.user.clear(again);
    await view.user.type(again, toDubaiInput(shorter.dropoffAt));
    await view.user.click(within(section).getByRole('button', { name: c.check }));
    expect(await within(section).findByText(fill(c.toRefund, { last4: '4242' }))).toBeInTheDocument();
    await view.user.click(within(section).getByRole('button', { name: c.confirmChange }));
    expect(await within(section).findByText(c.changed)).toBeInTheDocument();
    expect(view.actor.getSnapshot().context.changes).toEqual([expect.objectContaining({ difference })]);
    expect(view.actor.getSnapshot().context.booking.dropoffAt).toBe(shorter.dropoffAt);
  });
});

describe.each([
  { t: en, lang: 'en', path: '/offers' },
  { t: ar, lang: 'ar', path: '/arabic/offers' },
] as const)('offers ($lang)', ({ t, lang, path }) => {
  const o = t.offers;
  /** A button named by its action and, after it, its offer ("Redeem Now: Winter Escape"). */
  const action = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  const current = offers.filter((offer) => !offer.upcoming);
  const named = (name: string) => current.map((offer) => fill(o.forOffer, { action: name, offer: offer.title[lang] }));

  it('names each Redeem button and log-in link by its offer, so the three read apart', async () => {
    const visitor = await renderAt(path);
    const links = await screen.findAllByRole('link', { name: action(o.logInToRedeem) });
    expect(links.map((l) => l.getAttribute('aria-label'))).toEqual(named(o.logInToRedeem));
    for (const link of links) expect(link).toHaveTextContent(o.logInToRedeem);
    visitor.unmount();

    await renderAt(path, { journey: 'toPayment' });
    const buttons = await screen.findAllByRole('button', { name: action(o.redeem) });
    const names = named(o.redeem);
    expect(buttons).toHaveLength(3);
    expect(new Set(names).size).toBe(3);
    // The visible text stays "Redeem Now"; the accessible name adds the offer.
    names.forEach((name, i) => {
      expect(screen.getByRole('button', { name })).toBe(buttons[i]);
      expect(buttons[i]).toHaveTextContent(o.redeem);
    });
    const summer = offers.find((offer) => offer.upcoming)!;
    expect(screen.getByRole('button', { name: fill(o.forOffer, { action: o.viewDetails, offer: summer.title[lang] }) })).toBeInTheDocument();
  });

  it('signed out, Redeem asks to log in; signed in, an offer that does not apply says why, and Partner Perks gives a code', async () => {
    const visitor = await renderAt(path);
    expect(await screen.findAllByRole('link', { name: action(o.logInToRedeem) })).toHaveLength(3);
    visitor.unmount();

    const view = await renderAt(path, { journey: 'toPayment' });
    const [winter, , partner] = await screen.findAllByRole('button', { name: action(o.redeem) });
    await view.user.click(winter!);
    expect(await screen.findByText(o.problems.notSuv)).toBeInTheDocument();
    await view.user.click(partner!);
    expect(await screen.findByText(/MOVE-[0-9A-Z]{7}/)).toBeInTheDocument();
    // The upcoming offer opens its details.
    const details = screen.getByRole('button', { name: action(o.viewDetails) });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    await view.user.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(o.details.summer)).toBeVisible();
  });
});

const DOCUMENTS_AS_FILES = {
  emiratesId: DOCUMENTS.emiratesId,
  emiratesIdExpiry: DOCUMENTS.emiratesIdExpiry,
  licenceExpiry: DOCUMENTS.licenceExpiry,
  emiratesIdFile: new File([PNG_BYTES], 'id.png', { type: 'image/png' }),
  emiratesIdBackFile: new File([PNG_BYTES], 'id-back.png', { type: 'image/png' }),
  licenceFile: new File([PDF_BYTES], 'licence.pdf', { type: 'application/pdf' }),
};

describe('the last car, taken while the renter was paying', () => {
  it('says so before the provider’s page opens, charges nothing, and leads to the cars still free for the same trip', async () => {
    const view = await renderAt('/payment', { journey: 'toPayment' });
    const { carId, pickupLocation, dropoffLocation, pickupAt, dropoffAt } = view.actor.getSnapshot().context.booking;
    // Another renter books and pays for the same car and days first.
    const other = createApi({ baseUrl: `${ORIGIN}/api`, fetch: browserFor(await testServer()).fetch });
    const registered = await other.register({ ...RENTER, email: uniqueEmail('faster'), confirmPassword: RENTER.password, ...DOCUMENTS_AS_FILES, termsAccepted: true });
    if (!registered.ok) throw new Error('registration failed');
    let journey = registered.body.journey;
    for (const event of [
      { type: 'booking.start', carId, trip: { pickupLocation, dropoffLocation, pickupAt, dropoffAt } },
      { type: 'contract.acceptTerms' },
      { type: 'contract.verifyIdentity' },
      { type: 'contract.sign', signature: RENTER.fullName },
      { type: 'contract.proceed' },
      // At the provider's page: the car is held for them from here.
      { type: 'payment.submit', consent: true },
    ]) {
      const answer = await other.journeyEvent(journey.bookingId, event as never, journey.version);
      if (!answer.ok) throw new Error(`${event.type}: ${answer.error}`);
      journey = answer.body.journey;
    }
    const t = en;
    await view.user.click(screen.getByRole('checkbox', { name: t.payment.consent }));
    await view.user.click(screen.getByRole('button', { name: t.payment.pay }));
    expect(await screen.findByText(t.journey.sync.taken)).toBeInTheDocument();
    expect(view.actor.getSnapshot().context.payment).toBeNull();
    expect(await screen.findByRole('link', { name: t.bookingChanges.findAnother })).toHaveAttribute('href', expect.stringMatching(/^\/search\?/));
  });
});
