// The account as a renter meets it: changing the password (other devices signed out), language and
// currency kept on the server, the Profile tab's links and logging out, the header's menu, and help
// one tap away during a rental. Rendered in-process against the real server.
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { createApi } from '../src/client/api';
import { ar } from '../src/i18n/ar';
import { en } from '../src/i18n/en';
import { DOCUMENTS, PDF_BYTES, RENTER, renderAt, resetServer, testServer, uniqueEmail } from './render';
import { fill } from '../src/i18n/format';
import { UNVERIFIED_DOCUMENTS_HOURS } from '../machines/validation';
import { browserFor, ORIGIN } from './support/server';

const LANGS = [
  { lang: 'en', prefix: '', t: en },
  { lang: 'ar', prefix: '/arabic', t: ar },
] as const;

const NEW_PASSWORD = 'palm-jumeirah-2026';

// A fresh database for each test: every sample rental holds a car of the fleet for its dates.
beforeEach(resetServer);

/** A renter registered with a password in a browser of their own (the app then opens in that browser). */
async function registered(language?: 'en' | 'ar') {
  const tab = browserFor(await testServer());
  const api = createApi({ baseUrl: `${ORIGIN}/api`, fetch: tab.fetch });
  const email = uniqueEmail('mariam');
  const result = await api.register({
    ...RENTER,
    email,
    confirmPassword: RENTER.password,
    emiratesId: DOCUMENTS.emiratesId,
    emiratesIdExpiry: DOCUMENTS.emiratesIdExpiry,
    licenceExpiry: DOCUMENTS.licenceExpiry,
    emiratesIdFile: DOCUMENTS.emiratesIdFile.file,
    emiratesIdBackFile: DOCUMENTS.emiratesIdBackFile.file,
    licenceFile: DOCUMENTS.licenceFile.file,
    termsAccepted: true,
    ...(language ? { language } : {}),
  });
  if (!result.ok) throw new Error(`registration failed: ${JSON.stringify(result.body)}`);
  return { tab, api, email };
}

/** The same account logged in on another device. */
async function otherDevice(email: string) {
  const api = createApi({ baseUrl: `${ORIGIN}/api`, fetch: browserFor(await testServer()).fetch });
  const result = await api.logIn({ email, password: RENTER.password, role: 'renter' });
  if (!result.ok) throw new Error('log-in failed');
  return api;
}

describe.each(LANGS)('change password ($lang)', ({ prefix, t }) => {
  const p = t.account.password;

  it('errors by their fields in the page’s language, values kept, focus on the first; then changed, other devices out', async () => {
    const { tab, email } = await registered();
    const phone = await otherDevice(email);
    const { user, session } = await renderAt(`${prefix}/account`, { browser: tab });
    const form = await screen.findByRole('form', { name: p.title });
    const current = within(form).getByLabelText(p.current);
    const fresh = within(form).getByLabelText(p.new);
    const confirm = within(form).getByLabelText(p.confirm);
    const submit = within(form).getByRole('button', { name: p.submit });

    // Nothing typed: each field says so, and the focus goes to the first.
    await user.click(submit);
    expect(current).toHaveAccessibleDescription(t.problems.required);
    expect(confirm).toHaveAccessibleDescription(t.problems.required);
    await waitFor(() => expect(current).toHaveFocus());

    // A new password the registration rules refuse: named on it, with the typed values kept.
    await user.type(current, 'not-my-password-1');
    await user.type(fresh, '1234567890');
    await user.type(confirm, '1234567890');
    await user.click(submit);
    expect(fresh).toHaveAccessibleDescription(`${t.form.passwordRule} ${t.problems.passwordDigits}`);
    expect(current).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(fresh).toHaveFocus());
    expect(current).toHaveValue('not-my-password-1');

    // The confirmation must match.
    await user.clear(fresh);
    await user.type(fresh, NEW_PASSWORD);
    await user.click(submit);
    expect(confirm).toHaveAccessibleDescription(t.problems.mismatch);

    // The server checks the current password: a wrong one is said on its field.
    await user.clear(confirm);
    await user.type(confirm, NEW_PASSWORD);
    await user.click(submit);
    await waitFor(() => expect(current).toHaveAccessibleDescription(p.wrongCurrent));
    await waitFor(() => expect(current).toHaveFocus());
    expect(fresh).toHaveValue(NEW_PASSWORD);
    expect((await phone.notifications()).ok).toBe(true);

    await user.clear(current);
    await user.type(current, RENTER.password);
    await user.click(submit);
    expect(await screen.findByText(p.changed)).toHaveAttribute('role', 'status');
    expect(current).toHaveValue('');
    expect(current).not.toHaveAttribute('aria-invalid');

    // The other device is signed out; this one is still in, and the new password is the one.
    expect(await phone.notifications()).toMatchObject({ ok: false, status: 401 });
    expect((await session.api.notifications()).ok).toBe(true);
    expect(session.getState().user?.email).toBe(email);
    const api = createApi({ baseUrl: `${ORIGIN}/api`, fetch: browserFor(await testServer()).fetch });
    expect((await api.logIn({ email, password: NEW_PASSWORD, role: 'renter' })).ok).toBe(true);
  });
});

describe.each(LANGS)('change e-mail ($lang)', ({ prefix, t }) => {
  const a = t.account;
  const c = a.emailChange;

  it('asks for the current password once the e-mail differs; a wrong one is said on its field, values kept; then saved, unconfirmed', async () => {
    const { tab, email } = await registered();
    const { user, session } = await renderAt(`${prefix}/account`, { browser: tab });
    const address = await screen.findByLabelText(a.email);
    const form = within(address.closest('form')!);
    expect(form.queryByLabelText(c.currentPassword)).toBeNull();
    const moved = uniqueEmail('moved');
    await user.clear(address);
    await user.type(address, moved);
    const current = form.getByLabelText(c.currentPassword);
    const save = form.getByRole('button', { name: a.save });

    await user.click(save);
    expect(current).toHaveAccessibleDescription(`${c.currentPasswordHint} ${t.problems.required}`);
    await waitFor(() => expect(current).toHaveFocus());

    await user.type(current, 'not-my-password-1');
    await user.click(save);
    await waitFor(() => expect(current).toHaveAccessibleDescription(`${c.currentPasswordHint} ${c.wrongPassword}`));
    await waitFor(() => expect(current).toHaveFocus());
    expect(address).toHaveValue(moved);
    expect(session.getState().user?.email).toBe(email);

    await user.clear(current);
    await user.type(current, RENTER.password);
    await user.click(save);
    expect(await screen.findByText(fill(c.saved, { email: moved }))).toHaveAttribute('role', 'status');
    expect(session.getState().user?.email).toBe(moved);
    expect(screen.getByText(fill(t.emailStatus.unverified, { email: moved }))).toBeInTheDocument();
    expect(form.queryByLabelText(c.currentPassword)).toBeNull();
  });
});

describe.each(LANGS)('identity documents ($lang)', ({ prefix, t }) => {
  const d = t.account.newDocuments;
  it('lists what is on file and how long it stays while the e-mail is unconfirmed; a file too large is said by its field; a new licence replaces the old', async () => {
    const { tab, api } = await registered();
    const before = await api.documents();
    const { user } = await renderAt(`${prefix}/account`, { browser: tab });
    const section = await screen.findByRole('region', { name: t.account.documents });
    expect(await within(section).findByRole('link', { name: t.account.documentKinds.licence })).toBeVisible();
    expect(within(section).getByText(fill(d.unconfirmed, { hours: UNVERIFIED_DOCUMENTS_HOURS, section: t.emailStatus.title }))).toBeVisible();

    const form = within(section).getByRole('form', { name: d.title });
    const licence = within(form).getByLabelText(t.account.documentKinds.licence);
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PDF_BYTES);
    await user.upload(licence, new File([big], 'licence.pdf', { type: 'application/pdf' }));
    await user.click(within(form).getByRole('button', { name: d.upload }));
    expect(licence).toHaveAccessibleDescription(expect.stringContaining(t.problems.fileSize));
    await waitFor(() => expect(licence).toHaveFocus());

    await user.upload(licence, new File([PDF_BYTES], 'licence.pdf', { type: 'application/pdf' }));
    await user.click(within(form).getByRole('button', { name: d.upload }));
    expect(await within(form).findByText(d.uploaded)).toBeVisible();
    const after = await api.documents();
    const idOf = (answer: typeof after, kind: string) => (answer.ok ? answer.body.documents.find((doc) => doc.kind === kind)?.id : null);
    expect(idOf(after, 'licence')).not.toBe(idOf(before, 'licence'));
    expect(idOf(after, 'emiratesId')).toBe(idOf(before, 'emiratesId'));
    expect(within(section).getAllByRole('link')).toHaveLength(3);
  });
});

describe('change password without a password', () => {
  it('an account that signs in with UAE PASS only is told there is none, with no form', async () => {
    await renderAt('/account', { journey: 'sample' });
    expect(await screen.findByText(en.account.password.noPassword)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: en.account.password.title })).toBeNull();
  });
});

describe.each(LANGS)('Profile tab ($lang)', ({ prefix, t }) => {
  it('links to past rentals, notifications, traffic fines, help and emergency assistance; Log out signs out on the server', async () => {
    const { user, router, session } = await renderAt(`${prefix}/account`, { journey: 'sample' });
    const links = await screen.findByRole('region', { name: t.account.links });
    const m = t.menu;
    expect(
      within(links)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      [m.pastRentals, `${prefix}/past-rentals`],
      [m.notifications, `${prefix}/notifications`],
      [m.fines, `${prefix}/traffic-violation`],
      [m.help, `${prefix}/help-support`],
      [m.emergency, `${prefix}/emergency-assistance`],
    ]);

    await user.click(screen.getByRole('button', { name: t.account.signOut }));
    await waitFor(() => expect(router.state.location.pathname).toBe(prefix === '' ? '/home' : '/arabic'));
    expect(session.getState().user).toBeNull();
    const answer = await session.api.session();
    expect(answer.ok && answer.body.user).toBeNull();
    // The header now offers to log in.
    await user.click(screen.getByRole('button', { name: m.open }));
    expect(await screen.findByRole('link', { name: m.logIn })).toHaveAttribute('href', `${prefix}/log-in`);
  });
});

describe.each(LANGS)('header menu ($lang)', ({ prefix, t }) => {
  const m = t.menu;

  it('opens from the keyboard onto its first link; Escape closes it and gives the focus back', async () => {
    const { user } = await renderAt(`${prefix}/offers`);
    const button = await screen.findByRole('button', { name: m.open });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: m.label })).toBeNull();

    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: m.label });
    expect(button).toHaveAttribute('aria-controls', menu.id);
    // Its links come with its first opening.
    const first = await within(menu).findByRole('link', { name: m.account });
    await waitFor(() => expect(first).toHaveFocus());
    expect(within(menu).getAllByRole('link').map((l) => l.textContent)).toEqual([
      m.account,
      m.bookings,
      m.pastRentals,
      m.notifications,
      m.fines,
      m.help,
      m.emergency,
      m.logIn,
    ]);
    expect(within(menu).getByRole('link', { name: m.emergency })).toHaveAttribute('href', `${prefix}/emergency-assistance`);

    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: m.label })).toBeNull();
    expect(button).toHaveFocus();
  });

  it('following a link goes there and closes it; Tab past its end closes it; signed in it logs out', async () => {
    const { user, router, session } = await renderAt(`${prefix}/offers`, { journey: 'sample' });
    const button = await screen.findByRole('button', { name: m.open });
    await user.click(button);
    await user.click(await within(screen.getByRole('navigation', { name: m.label })).findByRole('link', { name: m.fines }));
    expect(router.state.location.pathname).toBe(`${prefix}/traffic-violation`);
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    const menu = screen.getByRole('navigation', { name: m.label });
    const logOut = within(menu).getByRole('button', { name: m.logOut });
    logOut.focus();
    await user.tab();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    await user.click(screen.getByRole('button', { name: m.logOut }));
    await waitFor(() => expect(session.getState().user).toBeNull());
    await waitFor(() => expect(router.state.location.pathname).toBe(prefix === '' ? '/home' : '/arabic'));
  });
});

describe('language and currency', () => {
  it('saving Arabic opens the account in Arabic; a dollar figure then shows beside each dirham amount', async () => {
    const { user, router, session } = await renderAt('/account', { journey: 'sample' });
    const pr = en.account.preferences;
    const form = await screen.findByRole('form', { name: pr.title });
    await user.click(within(form).getByRole('radio', { name: pr.languages.ar }));
    await user.click(within(form).getByRole('radio', { name: pr.currencies.USD }));
    await user.click(within(form).getByRole('button', { name: pr.save }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/arabic/account'));
    expect(await screen.findByText(ar.account.preferences.saved)).toHaveAttribute('role', 'status');
    const arabicForm = screen.getByRole('form', { name: ar.account.preferences.title });
    expect(within(arabicForm).getByRole('radio', { name: ar.account.preferences.languages.ar })).toBeChecked();
    expect(within(arabicForm).getByRole('radio', { name: ar.account.preferences.currencies.USD })).toBeChecked();
    const saved = await session.api.session();
    expect(saved.ok && saved.body.user).toMatchObject({ language: 'ar', currency: 'USD' });

    // The sample rental's deposit, 5,000.00 AED, is about 1,361.47 USD at the peg (payments stay in AED).
    await router.navigate('/car-return');
    const held = await screen.findByText(en.carReturn.initial, { selector: 'dt' });
    expect(held.nextElementSibling).toHaveTextContent('5,000.00 ≈ USD 1,361.47');
  });

  it('logging in opens the app in the account’s language', async () => {
    const { email } = await registered('ar');
    const { user, router } = await renderAt('/log-in');
    await user.type(await screen.findByLabelText(en.logIn.email), email);
    await user.type(screen.getByLabelText(en.logIn.password), RENTER.password);
    await user.click(screen.getByRole('button', { name: en.logIn.submit }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/arabic\//));
    // The router's location changes before the Arabic screen is committed.
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
  });
});

describe.each(LANGS)('help one tap away during a rental ($lang)', ({ prefix, t }) => {
  it.each(['car-pickup', 'car-return'])('%s keeps emergency assistance and the roadside number on screen', async (screenPath) => {
    await renderAt(`${prefix}/${screenPath}`, { journey: 'sample' });
    const bar = await screen.findByRole('complementary', { name: t.emergency.shortcutLabel });
    expect(within(bar).getByRole('link', { name: t.emergency.shortcut })).toHaveAttribute(
      'href',
      `${prefix}/emergency-assistance`,
    );
    expect(within(bar).getByRole('link', { name: `${t.emergency.callRoadside} 800 6683` })).toHaveAttribute(
      'href',
      'tel:8006683',
    );
  });
});
