import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { policeFine, renderAt, resetServer } from './render';
import { ar } from '../src/i18n/ar';
import { en } from '../src/i18n/en';
import { fill, formatDate } from '../src/i18n/format';
import { LOCATION_NAMES } from '../src/data/content';
import { SAMPLE_DESKS } from '../server/demo/branches';
import { BANK_RELEASE_DAYS } from '../machines/journey-rules';

/** The value cell next to a label in a label/value list (a <dt>/<dd> pair). */
async function valueOf(label: string) {
  const term = await screen.findByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

describe('sample figures from the specification, formatted by Intl with the dirham sign', () => {
  it('payment summary: 1,200.00 + 60.00 = 1,260.00, in English and Arabic (Latin digits)', async () => {
    for (const [path, label] of [
      ['/payment', 'Total'],
      ['/arabic/payment', ar.payment.total],
    ] as const) {
      const { unmount } = await renderAt(path, { journey: 'toPayment' });
      const total = await valueOf(label);
      expect(total).toHaveTextContent('1,260.00');
      expect(within(total).getByRole('img', { name: 'AED' })).toBeInTheDocument();
      const main = screen.getByRole('main');
      expect(main).toHaveTextContent('1,200.00');
      expect(main).toHaveTextContent('60.00');
      unmount();
    }
  });

  it('car return of the sample rental: deposit 5,000.00 held, nothing taken, 5,000.00 back; rental 10,000.00 + VAT = 10,500.00', async () => {
    await renderAt('/car-return', { journey: 'sample' });
    const r = en.carReturn;
    expect(await valueOf(r.initial)).toHaveTextContent(/^5,000\.00$/);
    expect(await valueOf(r.noDeductions)).toHaveTextContent(/^0\.00$/);
    expect(await valueOf(r.refundable)).toHaveTextContent(/^5,000\.00$/);
    // Each figure once: the deposit's lines in one section, the rental's in the invoice.
    expect(screen.getAllByText(r.refundable, { selector: 'dt' })).toHaveLength(1);
    expect(await valueOf('Additional Fees')).toHaveTextContent(/^0\.00$/);
    expect(await valueOf('VAT (5%)')).toHaveTextContent(/^500\.00$/);
    expect(await valueOf(r.totalRental)).toHaveTextContent(/^10,500\.00$/);
    // The release date is known only once the deposit is settled.
    expect(screen.getByText(fill(r.releaseAfter, { days: String(BANK_RELEASE_DAYS) }))).toBeInTheDocument();
  });

  it('the return is never worded as the pickup, and the renter cannot settle it alone (Arabic)', async () => {
    await renderAt('/arabic/car-return', { journey: 'sample' });
    expect(await screen.findByRole('heading', { level: 2, name: 'تفاصيل الإرجاع' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'تفاصيل الاستلام' })).toBeNull();
    // The counter checks the car in with the renter: until then the screen says where and by when.
    expect(screen.getByText(/^أحضر السيارة إلى/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ar.carReturn.accept })).toBeNull();
    // Going back is the header's back button; no "Cancel" that cancels nothing.
    expect(screen.queryByRole('button', { name: 'إلغاء' })).toBeNull();
  });

  it('English return screen: "Return details"; the car is checked in at the counter, not confirmed by the renter', async () => {
    await renderAt('/car-return', { journey: 'sample' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Return details' })).toBeInTheDocument();
    expect(screen.getByText(/^Bring the car to/)).toBeInTheDocument();
    for (const name of ['Confirm car handed back', 'Process Refund', en.carReturn.accept])
      expect(screen.queryByRole('button', { name })).toBeNull();
    // The renter's own photos of the car are kept as evidence.
    expect(screen.getByLabelText(en.carReturn.yourPhotos)).toBeInTheDocument();
  });

  it('violation: "AED 500.00" to assistive technology, the admin fee on its own line, the total', async () => {
    const first = await renderAt('/traffic-violation', { journey: 'sample' });
    await policeFine(first.browser);
    first.unmount();
    await renderAt('/traffic-violation', { browser: first.browser });
    const amount = await valueOf('Amount');
    expect(within(amount).getByRole('img', { name: 'AED' })).toBeInTheDocument();
    expect(amount).toHaveTextContent(/^500\.00$/);
    expect(await valueOf('Admin fee (10%)')).toHaveTextContent('50.00');
    expect(await valueOf('Total to pay')).toHaveTextContent('550.00');
    // A new contract does not pass fines on until its manager enables it: the fine stays with the company.
    expect(await valueOf('Status')).toHaveTextContent('With the rental company');
    expect(screen.getByText(en.trafficViolation.waiting)).toBeInTheDocument();
    // Each field's button says what it opens: what the field means, in place.
    const code = screen.getByRole('button', { name: 'Explain Code' });
    expect(code).toHaveTextContent('Explain');
    expect(screen.queryByText(/quote it when you contact them/)).not.toBeVisible();
    fireEvent.click(code);
    expect(code).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/quote it when you contact them/)).toBeVisible();
  });

  it('featured cars: three cards, the luxury sample at 2,500.00/day', async () => {
    // Featured cars are the ones free for the default trip; the sample rentals above hold theirs.
    await resetServer();
    await renderAt('/home');
    const featured = await screen.findByRole('region', { name: 'Featured Cars' });
    expect(await within(featured).findAllByRole('listitem')).toHaveLength(3);
    expect(featured).toHaveTextContent('2,500.00/day');
  });

  it('account shows no membership tier nobody earned, and version 1.2.1', async () => {
    await renderAt('/account', { journey: 'sample' });
    expect(await screen.findByText('Version 1.2.1')).toBeInTheDocument();
    expect(screen.queryByText(/Gold Member/)).toBeNull();
    expect(screen.getByText('Version 1.2.1')).toBeInTheDocument();
  });

  it('car pickup shows the rental timeline as "Fri, Jan 12, 12:00 PM" and the car category', async () => {
    await renderAt('/car-pickup', { journey: 'sample' });
    expect(await valueOf('Start Date')).toHaveTextContent(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, 12:00 PM$/);
    expect(await valueOf('End Date')).toHaveTextContent(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, 12:00 PM$/);
    expect(await valueOf('Category')).toHaveTextContent('Luxury');
    // The car's facts as its company keeps them, copied into the booking.
    expect(await valueOf('Engine')).toHaveTextContent('3.0 L inline-6 turbo');
    expect(await valueOf('Transmission')).toHaveTextContent('Automatic');
    expect(screen.getByRole('heading', { level: 2, name: 'Pickup Details' })).toBeInTheDocument();
  });

  it.each([
    { path: '/payment', t: en, lang: 'en' },
    { path: '/arabic/payment', t: ar, lang: 'ar' },
  ] as const)('payment names the car, the places and the days before the card ($path)', async ({ path, t, lang }) => {
    const { actor } = await renderAt(path, { journey: 'toPayment' });
    const { booking } = actor.getSnapshot().context;
    expect(await valueOf(t.rentalContract.carModel)).toHaveTextContent(booking.car.model);
    expect(await valueOf(t.rentalContract.pickupLocation)).toHaveTextContent(LOCATION_NAMES[booking.pickupLocation][lang]);
    expect(await valueOf(t.rentalContract.pickupDate)).toHaveTextContent(formatDate(new Date(booking.pickupAt), lang, 'dateTime'));
    expect(await valueOf(t.rentalContract.dropoffDate)).toHaveTextContent(formatDate(new Date(booking.dropoffAt), lang, 'dateTime'));
  });

  it.each([
    { path: '/car-pickup', t: en, lang: 'en' },
    { path: '/arabic/car-pickup', t: ar, lang: 'ar' },
  ] as const)('pickup says where the car is collected and returned, as well as when ($path)', async ({ path, t, lang }) => {
    const { actor } = await renderAt(path, { journey: 'sample' });
    const { booking } = actor.getSnapshot().context;
    expect(await valueOf(t.rentalContract.pickupLocation)).toHaveTextContent(LOCATION_NAMES[booking.pickupLocation][lang]);
    expect(await valueOf(t.rentalContract.dropoffLocation)).toHaveTextContent(LOCATION_NAMES[booking.dropoffLocation][lang]);
  });

  it.each([
    { path: '/car-return', t: en, lang: 'en' },
    { path: '/arabic/car-return', t: ar, lang: 'ar' },
  ] as const)('return names the company’s own desk, as its admin keeps it, with the way there ($path)', async ({ path, t, lang }) => {
    const { actor } = await renderAt(path, { journey: 'sample' });
    const { booking } = actor.getSnapshot().context;
    // The sample rental is returned at one of the sample companies' desks.
    const desk = SAMPLE_DESKS[booking.dropoffLocation as keyof typeof SAMPLE_DESKS];
    expect(await screen.findByText(fill(t.desk.dropoff, { name: desk[lang] }))).toBeInTheDocument();
    expect(screen.getByText(lang === 'ar' ? desk.addressAr : desk.addressEn)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.desk.map })).toHaveAttribute('href', expect.stringContaining(`${desk.lat},${desk.lng}`));
  });

  it('rental contract shows pickup and drop-off as every screen does, in UAE time: noon, five days apart', async () => {
    const { actor } = await renderAt('/rental-contract', { journey: 'sample' });
    const { pickupAt, dropoffAt } = actor.getSnapshot().context.booking;
    expect(dropoffAt - pickupAt).toBe(5 * 86_400_000);
    expect(await valueOf('Pick-up date')).toHaveTextContent(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, 12:00 PM$/);
    expect(await valueOf('Drop-off date')).toHaveTextContent(formatDate(new Date(dropoffAt), 'en', 'dateTime'));
  });

  it.each([
    ['/log-in', /welcome back/i],
    ['/arabic/log-in', /مرحبًا بعودتك/],
  ])('log in greets someone new as well as someone back: nobody is welcomed back (%s)', async (path, welcomeBack) => {
    await renderAt(path);
    expect(await screen.findByRole('heading', { level: 2 })).not.toHaveTextContent(welcomeBack);
  });

  it('log in: the primary button says "Sign In", and UAE PASS is a separate button', async () => {
    await renderAt('/log-in');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with UAE PASS' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/registration');
  });

  it('registration has every field of the specification, each labelled', async () => {
    await renderAt('/registration');
    expect(await screen.findByRole('textbox', { name: 'Full name' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Emirates ID, front')).toHaveAttribute('type', 'file');
    expect(screen.getByLabelText('Emirates ID, back')).toHaveAttribute('type', 'file');
    expect(screen.getByLabelText("Driver's License")).toHaveAttribute('type', 'file');
    expect(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/log-in');
  });

  it('Arabic registration asks for both sides of the national ID card and the driving licence', async () => {
    await renderAt('/arabic/registration');
    expect(await screen.findByLabelText(ar.registration.emiratesId)).toHaveAttribute('type', 'file');
    expect(screen.getByLabelText(ar.registration.emiratesIdBack)).toHaveAttribute('type', 'file');
    expect(ar.registration.emiratesId).toContain('الهوية الوطنية');
    expect(screen.getByLabelText(ar.registration.drivingLicence)).toHaveAttribute('type', 'file');
  });

  it('services: the rental companies come from the server; contracts ask a visitor to log in, and a manager searches the company’s', async () => {
    const visitor = await renderAt('/services');
    const carousel = await screen.findByRole('region', { name: en.services.companiesNav });
    for (const name of ['Elite Auto Rentals', 'Desert Drive', 'Marina Motors'])
      expect(within(carousel).getByRole('heading', { name })).toBeInTheDocument();
    const contracts = screen.getByRole('region', { name: en.services.contracts });
    expect(within(contracts).getByText(en.services.signIn)).toBeInTheDocument();
    expect(within(contracts).getByRole('link', { name: en.services.logIn })).toHaveAttribute('href', '/log-in');
    expect(within(contracts).queryByRole('searchbox')).toBeNull();
    visitor.unmount();

    const { user, router } = await renderAt('/services', { manager: true });
    await user.type(await screen.findByRole('searchbox', { name: 'Search contracts' }), '0413{Enter}');
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/contracts?q=0413'));
  });

  it('booking details and past rentals are the renter’s own, from the server; signed out, a prompt', async () => {
    const first = await renderAt('/booking-details', { journey: 'sample' });
    const details = await screen.findByText('BMW 7 Series');
    expect(details).toBeInTheDocument();
    expect(screen.getByText('Dubai B 7007')).toBeInTheDocument();
    expect(screen.getAllByText(en.bookingDetails.statuses.active).length).toBeGreaterThan(0);
    expect(screen.queryByText('MC-240112-0187')).toBeNull(); // the specification's 2024 sample is gone
    // The money so far, each with its date: the rental paid (10,000.00 + VAT) and the deposit held.
    const money = screen.getByRole('region', { name: en.bookingDetails.money });
    const rows = within(money).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(rows).toEqual([
      [expect.stringMatching(new RegExp(`^${en.bookingDetails.moneyKinds.paid}\\w{3}, \\w{3} \\d+, \\d+:\\d{2}`)), '10,500.00'],
      [expect.stringMatching(new RegExp(`^${en.bookingDetails.moneyKinds.depositHeld}`)), '5,000.00'],
    ]);
    first.unmount();
    // Not finished yet: no past rental, said plainly.
    const past = await renderAt('/arabic/past-rentals', { browser: first.browser });
    expect(await screen.findByText(ar.pastRentals.none)).toBeInTheDocument();
    past.unmount();
    await renderAt('/booking-details');
    expect(await screen.findByText(en.bookingDetails.signIn)).toBeInTheDocument();
  });

  it('emergency call buttons dial 999, 998 and roadside assistance', async () => {
    await renderAt('/emergency-assistance');
    expect(await screen.findByRole('link', { name: /^Police\s*999$/ })).toHaveAttribute('href', 'tel:999');
    expect(screen.getByRole('link', { name: /^Ambulance\s*998$/ })).toHaveAttribute('href', 'tel:998');
    expect(screen.getByRole('link', { name: /^Roadside Assistance/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^tel:\d+$/),
    );
  });
});

describe('layout', () => {
  it('the language switch opens the same screen in the other language, and back', async () => {
    const { user, router } = await renderAt('/offers');
    await screen.findByRole('heading', { level: 2, name: 'Current offers' });
    await user.click(await screen.findByRole('link', { name: 'اقرأ هذه الصفحة بالعربية' }));
    expect(router.state.location.pathname).toBe('/arabic/offers');
    expect(await screen.findByRole('heading', { level: 1, name: ar.titles.offers })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    await user.click(screen.getByRole('link', { name: 'EN: read this page in English' }));
    expect(router.state.location.pathname).toBe('/offers');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });

  it('home and Arabic home are each other’s language switch', async () => {
    await renderAt('/home');
    expect(await screen.findByRole('link', { name: 'اقرأ هذه الصفحة بالعربية' })).toHaveAttribute(
      'href',
      '/arabic',
    );
  });

  it('the back button goes one step back in history', async () => {
    const { user, router } = await renderAt('/home');
    await user.click(await screen.findByRole('link', { name: 'Explore cars' }));
    expect(router.state.location.pathname).toBe('/services');
    // Clicked inside an awaited act: Home may suspend as it comes back (its data), and React 19
    // resumes a render that suspended inside act only when the act is awaited (a browser always
    // resumes it). A plain click, not user-event's: its own wrapper would end the act environment.
    const back = screen.getByRole('button', { name: 'Back' });
    await act(async () => back.click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('Home, where the app starts, has no back button; another screen opens at its top', async () => {
    const scrolled = vi.spyOn(window, 'scrollTo');
    const { user, router } = await renderAt('/home');
    await screen.findByRole('link', { name: 'Explore cars' });
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(scrolled).not.toHaveBeenCalled();
    await user.click(screen.getByRole('link', { name: 'Explore cars' }));
    expect(router.state.location.pathname).toBe('/services');
    expect(scrolled).toHaveBeenCalledWith(0, 0);
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    scrolled.mockRestore();
  });

  it('back on a page opened directly goes to the home of its language', async () => {
    const { user, router } = await renderAt('/arabic/offers');
    await user.click(await screen.findByRole('button', { name: ar.nav.back }));
    expect(router.state.location.pathname).toBe('/arabic');
  });

  it.each([
    ['/home', 'Main', 'Home'],
    ['/arabic', ar.nav.main, ar.nav.home],
    ['/account', 'Main', 'Profile'],
  ])('bottom navigation on %s marks %s › %s as the current page', async (path, nav, current) => {
    await renderAt(path);
    const bar = await screen.findByRole('navigation', { name: nav });
    const links = within(bar).getAllByRole('link');
    expect(links).toHaveLength(4);
    expect(links.filter((l) => l.getAttribute('aria-current') === 'page').map((l) => l.textContent)).toEqual([
      current,
    ]);
  });

  it.each(['/contracts', '/arabic/handovers'])('the company’s screen %s has no renter’s tabs', async (path) => {
    await renderAt(path);
    await screen.findByRole('heading', { level: 1 });
    await screen.findAllByRole('textbox');
    expect(screen.queryByRole('navigation', { name: path.startsWith('/arabic') ? ar.nav.main : 'Main' })).toBeNull();
  });

  it('the index lists every screen in both languages', async () => {
    await renderAt('/');
    const english = await screen.findByRole('region', { name: 'English' });
    const arabic = screen.getByRole('region', { name: 'Arabic' });
    expect(within(english).getAllByRole('link')).toHaveLength(28);
    expect(within(arabic).getAllByRole('link')).toHaveLength(28);
    expect(within(english).getByRole('link', { name: en.titles.company })).toHaveAttribute('href', '/company');
    expect(within(arabic).getByRole('link', { name: ar.titles.fleet })).toHaveAttribute('href', '/arabic/fleet');
    expect(within(arabic).getByRole('link', { name: ar.titles.payment })).toHaveAttribute(
      'href',
      '/arabic/payment',
    );
  });
});
