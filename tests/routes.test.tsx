import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderAt } from './render';
import { ar } from '../src/i18n/ar';

// The product's routes and header titles, written out from the specification (not derived from the
// app's own table), so a renamed path or title fails here. `null` means the header shows the logo.
const ENGLISH: [path: string, title: string | null][] = [
  ['/', null],
  ['/all', null],
  ['/home', null],
  ['/registration', null],
  ['/log-in', null],
  ['/rental-contract', 'Rental Contract'],
  ['/services', 'Services'],
  ['/contracts', 'Contracts'],
  ['/transfer-logic', 'Contracts (Transfer Logic Configuration)'],
  ['/payment', 'Payment'],
  ['/car-pickup', 'Car Pickup & Rental Period'],
  ['/traffic-violation', 'Traffic Violation'],
  ['/car-return', 'Car Return & Security Deposit'],
  ['/booking-details', 'Booking Details'],
  ['/account', 'Account'],
  ['/past-rentals', 'Past Rentals'],
  ['/help-support', 'Help & Support'],
  ['/notifications', 'Notifications'],
  ['/offers', 'Offers'],
  ['/emergency-assistance', 'Emergency Assistance'],
  ['/insurance-policy', 'Insurance Policy'],
  ['/search', 'Search Cars'],
  ['/reservations', 'Reservations'],
];

const ARABIC: [path: string, title: string | null][] = [
  ['/arabic', null],
  ['/arabic/registration', null],
  ['/arabic/log-in', null],
  ['/arabic/rental-contract', ar.titles.rentalContract],
  ['/arabic/services', ar.titles.services],
  ['/arabic/contracts', ar.titles.contracts],
  ['/arabic/transfer-logic', ar.titles.transferLogic],
  ['/arabic/payment', ar.titles.payment],
  ['/arabic/car-pickup', ar.titles.carPickup],
  ['/arabic/traffic-violation', ar.titles.trafficViolation],
  ['/arabic/car-return', ar.titles.carReturn],
  ['/arabic/booking-details', ar.titles.bookingDetails],
  ['/arabic/account', ar.titles.account],
  ['/arabic/past-rentals', ar.titles.pastRentals],
  ['/arabic/help-support', ar.titles.helpSupport],
  ['/arabic/notifications', ar.titles.notifications],
  ['/arabic/offers', ar.titles.offers],
  ['/arabic/emergency-assistance', ar.titles.emergencyAssistance],
  ['/arabic/insurance-policy', ar.titles.insurancePolicy],
  ['/arabic/search', ar.titles.search],
  ['/arabic/reservations', ar.titles.reservations],
];

// Journey steps open only when the journey allows them: use the reviewer's sample rental there.
const JOURNEY = /\/(rental-contract|payment|car-pickup|car-return)$/;

async function expectScreen(path: string, title: string | null, lang: 'en' | 'ar') {
  const { router } = await renderAt(path, { journey: JOURNEY.test(path) ? 'sample' : 'fresh' });
  expect(router.state.location.pathname).toBe(path);
  // The screen itself is lazy: wait until its content (every screen has section headings) is in.
  const main = await screen.findByRole('main');
  expect((await within(main).findAllByRole('heading', { level: 2 })).length).toBeGreaterThan(0);

  const h1s = screen.getAllByRole('heading', { level: 1 });
  expect(h1s).toHaveLength(1);
  const [h1] = h1s;
  if (title === null) {
    expect(within(h1!).getByRole('img', { name: 'Move car' })).toBeInTheDocument();
  } else {
    expect(h1).toHaveTextContent(title);
    expect(within(h1!).queryByRole('img')).toBeNull();
  }
  expect(document.documentElement).toHaveAttribute('lang', lang);
  expect(document.documentElement).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
}

describe('every route renders its screen with the header title, in its language', () => {
  it('lists 44 routes: 23 English and 21 Arabic', () => {
    expect(ENGLISH.length + ARABIC.length).toBe(44);
  });

  it.each(ENGLISH)('%s (English)', (path, title) => expectScreen(path, title, 'en'));
  it.each(ARABIC)('%s (Arabic)', (path, title) => expectScreen(path, title, 'ar'));
});

describe('unknown paths', () => {
  it.each([
    ['/nowhere', 'en', 'Page not found', 'Go to the home page', '/home'],
    ['/payment/extra', 'en', 'Page not found', 'Go to the home page', '/home'],
    ['/arabic/nowhere', 'ar', ar.notMatch.heading, ar.notMatch.goHome, '/arabic'],
  ] as const)('%s shows NotMatch titled "Move car"', async (path, lang, heading, home, homePath) => {
    await renderAt(path);
    expect(await screen.findByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Move car');
    expect(screen.getByRole('link', { name: home })).toHaveAttribute('href', homePath);
    expect(document.documentElement).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
  });
});
