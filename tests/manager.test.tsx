import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ar } from '../src/i18n/ar';
import { en } from '../src/i18n/en';
import { fill, formatAmount } from '../src/i18n/format';
import { createApi } from '../src/client/api';
import { paidRenter, renderAt, resetServer, testServer } from './render';
import { browserFor, ORIGIN } from './support/server';

describe.each([
  { t: en, prefix: '' },
  { t: ar, prefix: '/arabic' },
] as const)('contract manager screens ($prefix)', ({ t, prefix }) => {
  // Each test starts from the sample contracts as seeded.
  beforeEach(resetServer);

  it('anyone else gets a translated prompt to sign in as a manager; wrong credentials get one message', async () => {
    const { user } = await renderAt(`${prefix}/transfer-logic`);
    expect(await screen.findByRole('heading', { level: 2, name: t.manager.heading })).toBeInTheDocument();
    expect(screen.getByText(t.manager.prompt)).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    await user.type(screen.getByLabelText(t.manager.email), 'manager@movecar.ae');
    await user.type(screen.getByLabelText(t.manager.password), 'not-the-password');
    await user.click(screen.getByRole('button', { name: t.manager.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t.manager.wrong);
    await user.clear(screen.getByLabelText(t.manager.password));
    await user.type(screen.getByLabelText(t.manager.password), 'fleet-manager-2026');
    await user.click(screen.getByRole('button', { name: t.manager.submit }));
    expect(
      await screen.findByRole('radiogroup', { name: t.transferLogic.mode }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        fill(t.manager.signedInAs, { name: 'Omar Haddad', company: prefix ? 'إيليت لتأجير السيارات' : 'Elite Auto Rentals' }),
      ),
    ).toBeInTheDocument();
  });

  it('an incident a renter reports reaches the contracts screen; the manager acknowledges it, then closes it with a note', async () => {
    // A renter with a rental of the company's out (the demo's sample rental: a BMW 7 Series of Elite Auto).
    const renterApi = createApi({ baseUrl: `${ORIGIN}/api`, fetch: browserFor(await testServer()).fetch });
    expect((await renterApi.sampleRental()).ok).toBe(true);
    const sent = await renterApi.reportIncident({ description: 'Flat tyre on Sheikh Zayed Road', location: '', more: '' });
    if (!sent.ok) throw new Error('not sent');
    const { user } = await renderAt(`${prefix}/contracts`, { manager: true });
    const i = t.incidents;
    const region = await screen.findByRole('region', { name: i.title });
    const heading = await within(region).findByRole('heading', { name: new RegExp(sent.body.incident.reference) });
    const item = heading.closest('li')!;
    expect(within(item).getByText('Flat tyre on Sheikh Zayed Road')).toBeInTheDocument();
    expect(within(item).getByRole('status')).toHaveTextContent(i.statuses.received);
    await user.click(within(item).getByRole('button', { name: i.acknowledge }));
    await waitFor(() => expect(within(item).getByRole('status')).toHaveTextContent(i.statuses.acknowledged));
    // Closing needs a note; the renter reads it.
    await user.click(within(item).getByRole('button', { name: i.close }));
    expect(await within(item).findByRole('alert')).toHaveTextContent(i.noteRequired);
    await user.type(within(item).getByLabelText(i.noteLabel), 'Roadside assistance changed the tyre.');
    await user.click(within(item).getByRole('button', { name: i.close }));
    await within(region).findByText(fill(i.note, { note: 'Roadside assistance changed the tyre.' }));
    const mine = await renterApi.incidents();
    expect(mine.ok && mine.body.incidents[0]).toMatchObject({ status: 'closed', note: 'Roadside assistance changed the tyre.' });
  });

  it('saved settings survive a reload; leaving with unsaved edits asks first', async () => {
    const l = t.transferLogic;
    const first = await renderAt(`${prefix}/transfer-logic`, { manager: true });
    await first.user.click(await screen.findByRole('radio', { name: l.manual }));
    await first.user.click(screen.getByRole('switch', { name: l.requireConsent }));
    await first.user.click(screen.getByRole('button', { name: l.save }));
    expect(await screen.findByText(fill(l.savedNow, { code: 'MC-2024-0413' }))).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByRole('status')[0]).toHaveTextContent(l.activeSince.split('{date}')[0]!.trim()),
    );
    first.unmount();

    // Another browser, signed in as the same manager (the manager's phone): the settings are there.
    const { user, router } = await renderAt(`${prefix}/transfer-logic`, { manager: true });
    expect(await screen.findByRole('radio', { name: l.manual })).toBeChecked();
    expect(screen.getByRole('switch', { name: l.requireConsent })).toBeChecked();
    expect(screen.getByRole('switch', { name: l.notify })).not.toBeChecked();

    await user.click(screen.getByRole('switch', { name: l.notify }));
    await user.click(screen.getByRole('button', { name: t.nav.back }));
    const dialog = await screen.findByRole('alertdialog', { name: l.leaveTitle });
    expect(screen.getByRole('button', { name: l.stay })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: l.stay }));
    expect(dialog).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: l.notify })).toBeChecked(); // edits kept
    await user.click(screen.getByRole('button', { name: t.nav.back }));
    await user.click(await screen.findByRole('button', { name: l.leave }));
    await waitFor(() => expect(router.state.location.pathname).toBe(prefix ? '/arabic' : '/home'));
  });

  it('transfer logic: arrow keys change the mode in every state of the form, also after a switch was toggled', async () => {
    const l = t.transferLogic;
    const { user } = await renderAt(`${prefix}/transfer-logic`, { manager: true });
    const automatic = await screen.findByRole('radio', { name: l.automatic });
    const manual = screen.getByRole('radio', { name: l.manual });
    // Pristine, then with an unsaved switch, then after a save: ArrowDown and ArrowUp move the choice.
    for (const stage of ['pristine', 'edited', 'saved'] as const) {
      if (stage === 'edited') await user.click(screen.getByRole('switch', { name: l.notify }));
      if (stage === 'saved') {
        await user.click(screen.getByRole('button', { name: l.save }));
        expect(await screen.findByText(new RegExp(l.savedNow.split('{code}')[0]!.trim()))).toBeInTheDocument();
      }
      const checked = automatic.getAttribute('aria-checked') === 'true' ? automatic : manual;
      const other = checked === automatic ? manual : automatic;
      checked.focus();
      await user.keyboard('{ArrowDown}');
      await waitFor(() => expect(other, `ArrowDown, ${stage}`).toBeChecked());
      expect(other).toHaveFocus();
      await user.keyboard('{ArrowUp}');
      await waitFor(() => expect(checked, `ArrowUp, ${stage}`).toBeChecked());
    }
  });

  it('contracts: the company’s list opens a contract; its confirmations are the renter’s, and Save activates it', async () => {
    const c = t.contracts;
    // A renter's sample rental (signed, paid, picked up) made the contract, in the renter's own browser.
    const renter = createApi({ baseUrl: `${ORIGIN}/api`, fetch: browserFor(await testServer()).fetch });
    const sample = await renter.sampleRental();
    if (!sample.ok) throw new Error('sample rental');
    const number = sample.body.journey.number;

    const { user, router } = await renderAt(`${prefix}/contracts`, { manager: true });
    expect(await screen.findByRole('link', { name: new RegExp(fill(c.number, { code: 'MC-2024-0412' })) })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: c.searchLabel }), number);
    await user.click(screen.getByRole('button', { name: c.search }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(c.foundOne));
    expect(router.state.location.search).toContain(`q=${number}`);
    await user.click(screen.getAllByRole('link', { name: new RegExp(c.number.split('{code}')[0]!.trim()) })[0]!);

    expect(await screen.findByText(c.notActive)).toBeInTheDocument();
    // The renter's confirmations are shown, not switches the manager could flip.
    expect(screen.getByText(new RegExp(c.confirmedOn.split('{date}')[0]!.trim()))).toBeInTheDocument();
    expect(screen.getByText(c.agreed)).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: c.confirm })).toBeNull();
    expect(screen.getByLabelText(c.car)).toHaveValue('bmw-7');
    // Nothing is active before Save.
    await user.click(screen.getByRole('switch', { name: c.contractLinking }));
    expect(screen.getByText(c.notActive)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: c.save }));
    expect(await screen.findByText(c.savedActive)).toBeInTheDocument();
    expect(screen.getByText(c.active)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: new RegExp(c.transferLogic) }));
    expect(await screen.findByRole('radiogroup', { name: t.transferLogic.mode })).toBeInTheDocument();
    expect(router.state.location.pathname).toMatch(new RegExp(`${prefix}/transfer-logic/MC-`));
  });

  it('contracts: a cancelled booking’s contract says it is closed and offers no Save', async () => {
    const c = t.contracts;
    // A renter registers, signs, pays and then cancels, in their own browser.
    const { journey } = await paidRenter('mariam', [{ type: 'booking.cancel' }]);

    const { user } = await renderAt(`${prefix}/contracts`, { manager: true });
    await user.type(await screen.findByRole('searchbox', { name: c.searchLabel }), journey.number);
    await user.click(screen.getByRole('button', { name: c.search }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(c.foundOne));
    expect(screen.getByRole('link', { name: new RegExp(c.statuses.cancelled) })).toBeInTheDocument();
    await user.click(screen.getAllByRole('link', { name: new RegExp(c.number.split('{code}')[0]!.trim()) })[0]!);
    expect(await screen.findByText(c.cancelled)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: c.save })).toBeNull();
  });

  it('counter: the manager cancels a booking the company cannot hand over, asked once more with the amount; nothing is kept', async () => {
    const k = t.counter;
    // A renter registers, signs and pays for the default car (Elite Auto's Camry), in their own browser.
    const { renter, journey } = await paidRenter('mariam.cancel');

    const { user } = await renderAt(`${prefix}/handovers/${journey.number}`, { manager: true });
    const section = await screen.findByRole('region', { name: k.cancelTitle });
    // The documents' last valid days the renter registered with are beside their name.
    expect(screen.getByText(k.emiratesIdValidUntil)).toBeInTheDocument();
    expect(within(section).getByLabelText(k.cancelReason)).toHaveValue('carUnavailable');
    await user.selectOptions(within(section).getByLabelText(k.cancelReason), 'carNotBack');
    await user.click(within(section).getByRole('button', { name: k.cancelBooking }));
    // Asked once more, with what goes back to the renter; keeping it changes nothing.
    const confirm = within(section).getByRole('button', { name: new RegExp(k.cancelConfirm.split('{amount}')[0]!.trim()) });
    const paid = (journey.journey.snapshot.context as { payment: { amount: number } }).payment.amount;
    expect(confirm).toHaveTextContent(formatAmount(paid, prefix ? 'ar' : 'en'));
    await user.click(within(section).getByRole('button', { name: k.cancelKeep }));
    expect(within(section).queryByRole('button', { name: k.cancelKeep })).toBeNull();
    await user.click(within(section).getByRole('button', { name: k.cancelBooking }));
    await user.click(within(section).getByRole('button', { name: new RegExp(k.cancelConfirm.split('{amount}')[0]!.trim()) }));
    expect(await screen.findByText(k.cancelled)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: k.cancelTitle })).toBeNull();
    // The renter's booking: cancelled by the company, nothing kept.
    const after = await renter.booking(journey.bookingId);
    expect(after.ok && after.body.journey.journey.snapshot.context).toMatchObject({ cancellation: { fee: 0, refunded: paid, byCompany: 'carNotBack' } });
  });

  it('contracts: a set-up Save refuses is explained next to the field, in the reader’s language, and kept', async () => {
    const c = t.contracts;
    const { user } = await renderAt(`${prefix}/contracts/MC-2024-0412`, { manager: true });
    const transfer = await screen.findByRole('switch', { name: c.enableTransfer });
    await user.selectOptions(screen.getByLabelText(c.car), '');
    await user.click(transfer);
    await user.click(screen.getByRole('switch', { name: c.contractLinking }));
    await user.click(screen.getByRole('button', { name: c.save }));
    expect(transfer).toHaveAccessibleDescription(expect.stringContaining(c.problems.carRequired));
    const linking = screen.getByRole('switch', { name: c.contractLinking });
    expect(linking).toHaveAccessibleDescription(expect.stringContaining(c.problems.noBooking));
    await waitFor(() => expect(linking).toHaveFocus());
    expect(transfer).toBeChecked(); // nothing lost
    await user.click(linking);
    await user.selectOptions(screen.getByLabelText(c.car), 'bmw-7');
    await user.click(screen.getByRole('button', { name: c.save }));
    expect(await screen.findByText(c.savedPending)).toBeInTheDocument();
  });

  it('contracts: when another manager saved first, Save says so and shows what they saved', async () => {
    const c = t.contracts;
    const { user } = await renderAt(`${prefix}/contracts/MC-2024-0412`, { manager: true });
    await user.click(await screen.findByRole('switch', { name: c.enableTransfer }));
    // Meanwhile, on the other manager's phone: the BMW is linked to this contract.
    const other = createApi({ baseUrl: `${ORIGIN}/api`, fetch: browserFor(await testServer()).fetch });
    await other.logIn({ email: 'manager@movecar.ae', password: 'fleet-manager-2026', role: 'manager' });
    const found = await other.contract('MC-2024-0412');
    if (!found.ok) throw new Error('contract');
    expect((await other.saveSetup('MC-2024-0412', { carId: 'bmw-7', bookingLinked: false, violationTransfer: false }, found.body.contract.version)).ok).toBe(true);
    await user.click(screen.getByRole('button', { name: c.save }));
    expect(await screen.findByText(c.conflict)).toBeInTheDocument();
    expect(screen.getByLabelText(c.car)).toHaveValue('bmw-7');
    expect(screen.getByRole('switch', { name: c.enableTransfer })).not.toBeChecked();
  });

  it('another company’s contract is not found', async () => {
    await renderAt(`${prefix}/contracts/MC-2099-000000`, { manager: true });
    expect(await screen.findByText(t.contracts.notFound)).toBeInTheDocument();
  });
});
