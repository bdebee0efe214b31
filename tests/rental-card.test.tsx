// The renter's rental that is out, one tap from Home and Reservations (src/ui/CurrentRental.tsx).
// A file of its own: in jsdom, a Home rendered for a signed-in renter left the next file-mate's
// Home transition pending (not seen in Chromium, where Home → Services → Back works signed in or not).
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderAt } from './render';
import { ar } from '../src/i18n/ar';
import { en } from '../src/i18n/en';
import { formatDate } from '../src/i18n/format';

describe('the current-rental card', () => {
  it('a renter with a car out gets back to it from Home and Reservations: when it is due, the time left, Return, Extend, Emergency', async () => {
    const home = await renderAt('/home', { journey: 'sample' });
    const card = await screen.findByRole('region', { name: en.currentRental.title });
    expect(within(card).getByText('BMW 7 Series')).toBeInTheDocument();
    const answer = await home.session.api.bookings();
    const returnAt = answer.ok ? answer.body.bookings[0]!.returnAt : 0;
    expect(within(card).getByText(formatDate(new Date(returnAt), 'en', 'dateTime'))).toBeInTheDocument();
    expect(within(card).getByText(/ left$/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: en.currentRental.emergency })).toHaveAttribute('href', '/emergency-assistance');
    expect(within(card).getByRole('link', { name: en.currentRental.extend })).toHaveAttribute('href', '/car-pickup');
    expect(within(card).getByRole('link', { name: en.currentRental.return })).toHaveAttribute('href', '/car-return');
    home.unmount();
    // The same card on Reservations, in Arabic.
    await renderAt('/arabic/reservations', { browser: home.browser });
    expect(await screen.findByRole('region', { name: ar.currentRental.title })).toBeInTheDocument();
  });
});
