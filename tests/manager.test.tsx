import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ar } from '../src/i18n/ar';
import { en } from '../src/i18n/en';
import { fill } from '../src/i18n/format';
import { renderAt, resetServer } from './render';

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
      await screen.findByRole('radiogroup', { name: t.transferLogic.mode }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(fill(t.manager.signedInAs, { name: 'Omar Haddad', company: 'Elite Auto Rentals' })),
    ).toBeInTheDocument();
  });

  it('saved settings survive a reload; leaving with unsaved edits asks first', async () => {
    const l = t.transferLogic;
    const first = await renderAt(`${prefix}/transfer-logic`, { manager: true });
    await first.user.click(await screen.findByRole('radio', { name: l.manual }));
    await first.user.click(screen.getByRole('switch', { name: l.requireConsent }));
    await first.user.click(screen.getByRole('button', { name: l.save }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(l.activeSince.split('{date}')[0]!.trim()),
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

  it("contracts: Save refuses passing fines without a linked car, in the reader's language; then saves and keeps it", async () => {
    const c = t.contracts;
    const first = await renderAt(`${prefix}/contracts`, { manager: true });
    const user = first.user;
    expect(await screen.findByText(c.notActive)).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: c.confirm }));
    await user.click(screen.getByRole('switch', { name: c.policy }));
    expect(screen.getByText(c.active)).toBeInTheDocument();
    const transfer = screen.getByRole('switch', { name: c.enableTransfer });
    await user.click(transfer);
    await user.click(screen.getByRole('button', { name: c.save }));
    expect(transfer).toHaveAccessibleDescription(expect.stringContaining(c.carRequired));
    await user.selectOptions(screen.getByLabelText(c.car), 'bmw-7');
    await user.click(screen.getByRole('button', { name: c.save }));
    expect(transfer).not.toHaveAccessibleDescription(expect.stringContaining(c.carRequired));
    expect(await screen.findByText(new RegExp(c.saved.split('{date}')[0]!.trim()))).toBeInTheDocument();
    first.unmount();

    await renderAt(`${prefix}/contracts`, { manager: true });
    expect(await screen.findByRole('switch', { name: c.enableTransfer })).toBeChecked();
    expect(screen.getByLabelText(c.car)).toHaveValue('bmw-7');
    expect(screen.getByText(c.active)).toBeInTheDocument();
  });
});
