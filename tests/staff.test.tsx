// The company's people as its admin and the platform's operator see them, in English and Arabic,
// through the real server: the admin signs in, invites (a wrong e-mail is named next to its field),
// the invitee opens the e-mailed link and joins, the admin changes a role and revokes; the operator
// adds a company, suspends and reinstates it, and invites another admin to it. A company's person's
// menu lists their work, not a renter's account.
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { desc } from 'drizzle-orm';
import { ar } from '../src/i18n/ar';
import { en } from '../src/i18n/en';
import { fill } from '../src/i18n/format';
import { createApi } from '../src/client/api';
import { staffApi } from '../src/client/staffApi';
import { mailOutbox } from '../server/db/schema';
import { SAMPLE_ADMIN, SAMPLE_AGENT, SAMPLE_OPERATOR } from '../server/seed';
import { renderAt, testServer, uniqueEmail } from './render';
import { browserFor, ORIGIN } from './support/server';

const PASSWORD = 'desert-rose-42';

/** A live region saying `text` whole (an e-mail in it is an element of its own, read left to right). */
const saying = (text: string) => (_: string, el: Element | null) => el?.getAttribute('role') === 'status' && el.textContent === text;

/** The link of the newest e-mail to `to`, as the app queued it for the mail server. */
async function linkMailedTo(to: string) {
  const server = await testServer();
  const mails = await server.deps.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt));
  const mail = mails.find((m) => m.to === to);
  const token = mail && /\/join\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no invitation to ${to}`);
  return token;
}

/** Someone the sample admin invited who joined, through the API: their e-mail and name. */
async function joinedPerson(name: string, role: 'manager' | 'agent') {
  const admin = createApi({ baseUrl: `${ORIGIN}/api`, fetch: browserFor(await testServer()).fetch });
  await admin.logIn({ email: SAMPLE_ADMIN.email, password: SAMPLE_ADMIN.password, role: 'staff' });
  const email = uniqueEmail(name.split(' ')[0]!.toLowerCase());
  if (!(await staffApi(admin.typed, admin.baseUrl).invite({ email, role, lang: 'en' })).ok) throw new Error('not invited');
  const invitee = createApi({ baseUrl: `${ORIGIN}/api`, fetch: browserFor(await testServer()).fetch });
  const joined = await staffApi(invitee.typed, invitee.baseUrl).acceptInvitation({ token: await linkMailedTo(email), fullName: name, password: PASSWORD, language: 'en' });
  if (!joined.ok) throw new Error('not joined');
  return { email, name };
}

describe.each([
  { t: en, prefix: '', company: 'Elite Auto Rentals' },
  { t: ar, prefix: '/arabic', company: 'إيليت لتأجير السيارات' },
] as const)('a company’s staff ($prefix)', ({ t, prefix, company }) => {
  const k = t.staff;

  it('the admin signs in, sees the staff, and invites someone; a wrong e-mail is named next to its field', async () => {
    const { user } = await renderAt(`${prefix}/staff`);
    expect(await screen.findByRole('heading', { level: 2, name: k.signInHeading })).toBeInTheDocument();
    await user.type(screen.getByLabelText(t.manager.email), SAMPLE_ADMIN.email);
    await user.type(screen.getByLabelText(t.manager.password), SAMPLE_ADMIN.password);
    await user.click(screen.getByRole('button', { name: k.signIn }));

    const people = await screen.findByRole('region', { name: k.people });
    expect(within(people).getByText('Noura Al Falasi')).toBeInTheDocument();
    expect(within(people).getByRole('combobox', { name: fill(k.roleOf, { name: 'Yousef Rahman' }) })).toHaveValue('agent');

    const invite = screen.getByRole('form', { name: k.invite });
    const email = within(invite).getByLabelText(k.email);
    await user.type(email, 'not-an-email');
    await user.click(within(invite).getByRole('radio', { name: k.roles.manager }));
    await user.click(within(invite).getByRole('button', { name: k.send }));
    expect(email).toHaveAccessibleDescription(expect.stringContaining(t.problems.email));
    await waitFor(() => expect(email).toHaveFocus());

    const address = uniqueEmail('invitee');
    await user.clear(email);
    await user.type(email, address);
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(within(invite).getByRole('button', { name: k.send }));
    expect(await within(invite).findByText(saying(fill(k.sent, { email: address })))).toBeInTheDocument();
    const waiting = await screen.findByRole('region', { name: k.waiting });
    await waitFor(() => expect(within(waiting).getByText(address)).toBeInTheDocument());
    expect(within(waiting).getByText(new RegExp(k.roles.manager))).toBeInTheDocument();
    // The link went by e-mail, in the admin's language.
    const server = await testServer();
    const [mail] = (await server.deps.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt))).filter((m) => m.to === address);
    expect(mail!.html).toContain(prefix ? 'dir="rtl"' : 'dir="ltr"');

    await user.click(within(waiting).getByRole('button', { name: fill(k.withdraw, { email: address }) }));
    expect(await within(waiting).findByText(saying(fill(k.withdrawn, { email: address })))).toBeInTheDocument();
    await waitFor(() => expect(within(waiting).queryByRole('button', { name: fill(k.withdraw, { email: address }) })).toBeNull());
  });

  it('the invitee opens the link, is told the company and role, and joins; a short password is named', async () => {
    const admin = createApi({ baseUrl: `${ORIGIN}/api`, fetch: browserFor(await testServer()).fetch });
    await admin.logIn({ email: SAMPLE_ADMIN.email, password: SAMPLE_ADMIN.password, role: 'staff' });
    const address = uniqueEmail('agent');
    await staffApi(admin.typed, admin.baseUrl).invite({ email: address, role: 'agent', lang: prefix ? 'ar' : 'en' });
    const { user, router } = await renderAt(`${prefix}/join?token=${await linkMailedTo(address)}`);

    expect(await screen.findByRole('heading', { level: 2, name: fill(t.join.heading, { company }) })).toBeInTheDocument();
    expect(screen.getByLabelText(k.email)).toHaveValue(address);
    await user.type(screen.getByLabelText(t.join.fullName), 'Salma Al Mazrouei');
    await user.type(screen.getByLabelText(t.join.password), 'short');
    await user.click(screen.getByRole('button', { name: fill(t.join.submit, { company }) }));
    const password = screen.getByLabelText(t.join.password);
    expect(password).toHaveAccessibleDescription(expect.stringContaining(t.problems.passwordShort));
    await waitFor(() => expect(password).toHaveFocus());
    // What was typed stays.
    expect(screen.getByLabelText(t.join.fullName)).toHaveValue('Salma Al Mazrouei');

    await user.clear(password);
    await user.type(password, PASSWORD);
    await user.click(screen.getByRole('button', { name: fill(t.join.submit, { company }) }));
    // An agent starts at the counter.
    await waitFor(() => expect(router.state.location.pathname).toBe(`${prefix}/handovers`));
  });

  it('a link used or withdrawn says so, in the page’s language', async () => {
    await renderAt(`${prefix}/join?token=not-a-real-token`);
    expect(await screen.findByRole('alert')).toHaveTextContent(t.join.expired);
  });

  it('the admin changes a role and revokes, asked once more; the person is told nothing but is signed out', async () => {
    const person = await joinedPerson('Khalid Al Ameri', 'agent');
    const { user } = await renderAt(`${prefix}/staff`, { staff: SAMPLE_ADMIN });
    const people = await screen.findByRole('region', { name: k.people });
    const role = await within(people).findByRole('combobox', { name: fill(k.roleOf, { name: person.name }) });
    await user.selectOptions(role, 'manager');
    expect(await within(people).findByText(fill(k.roleChanged, { name: person.name, role: k.roles.manager }))).toBeInTheDocument();

    await user.click(within(people).getByRole('button', { name: `${k.revoke}: ${person.name}` }));
    expect(within(people).getByText(fill(k.revokeQuestion, { name: person.name }))).toBeInTheDocument();
    await user.click(within(people).getByRole('button', { name: k.confirmRevoke }));
    expect(await within(people).findByText(fill(k.revoked, { name: person.name }))).toBeInTheDocument();
    await waitFor(() => expect(within(people).queryByRole('combobox', { name: fill(k.roleOf, { name: person.name }) })).toBeNull());
    const again = createApi({ baseUrl: `${ORIGIN}/api`, fetch: browserFor(await testServer()).fetch });
    expect((await again.logIn({ email: person.email, password: PASSWORD, role: 'staff' })).ok).toBe(false);

    // The admin is the company's only admin: demoting them is refused with the reason.
    await user.selectOptions(within(people).getByRole('combobox', { name: fill(k.roleOf, { name: 'Noura Al Falasi' }) }), 'agent');
    expect(await within(people).findByText(k.lastAdmin)).toBeInTheDocument();
  });

  it('an agent’s menu lists the counter, not a renter’s bookings; the staff screen is not theirs', async () => {
    const { user } = await renderAt(`${prefix}/staff`, { staff: SAMPLE_AGENT });
    expect(await screen.findByRole('status')).toHaveTextContent(
      fill(t.manager.notYourScreen, { role: t.manager.roles.agent }),
    );
    await user.click(screen.getByRole('button', { name: t.menu.open }));
    expect(await screen.findByRole('link', { name: t.titles.handovers })).toHaveAttribute('href', `${prefix}/handovers`);
    expect(screen.queryByRole('link', { name: t.menu.bookings })).toBeNull();
    expect(screen.queryByRole('link', { name: t.titles.staff })).toBeNull();
  });
});

describe.each([
  { t: en, prefix: '', lang: 'en' as const },
  { t: ar, prefix: '/arabic', lang: 'ar' as const },
])('the platform’s operator ($prefix)', ({ t, prefix, lang }) => {
  const o = t.operator;

  it('adds a company with its admin (a missing name is named) and suspends it, then reinstates it', async () => {
    const { user } = await renderAt(`${prefix}/operator`, { staff: SAMPLE_OPERATOR });
    const list = await screen.findByRole('region', { name: o.companies });
    expect(within(list).getByText(lang === 'ar' ? 'ديزرت درايف' : 'Desert Drive')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: o.add });
    // Each language's run adds its own company (they share the server).
    const name = `Oasis Rides ${prefix ? 'AR' : 'EN'}`;
    const arabicName = `واحة للتأجير ${prefix ? 'أ' : 'ب'}`;
    const adminEmail = uniqueEmail('oasis-admin');
    await user.type(within(form).getByLabelText(o.nameEn), name);
    await user.type(within(form).getByLabelText(o.adminEmail), adminEmail);
    await user.click(within(form).getByRole('button', { name: o.create }));
    const nameAr = within(form).getByLabelText(o.nameAr);
    expect(nameAr).toHaveAccessibleDescription(expect.stringContaining(t.problems.required));
    await waitFor(() => expect(nameAr).toHaveFocus());
    expect(within(form).getByLabelText(o.nameEn)).toHaveValue(name);

    await user.type(nameAr, arabicName);
    await user.click(within(form).getByRole('button', { name: o.create }));
    const shown = lang === 'ar' ? arabicName : name;
    expect(await within(form).findByText(saying(fill(o.created, { name: shown, email: adminEmail })))).toBeInTheDocument();
    await waitFor(() => expect(within(list).getByText(shown)).toBeInTheDocument());
    expect(await linkMailedTo(adminEmail)).toBeTruthy();

    await user.click(within(list).getByRole('button', { name: fill(o.suspend, { name: shown }) }));
    const asked = within(list).getByRole('group', { name: fill(o.suspend, { name: shown }) });
    expect(within(asked).getByText(fill(o.suspendQuestion, { name: shown }))).toBeInTheDocument();
    await user.click(within(asked).getByRole('button', { name: o.confirmSuspend }));
    expect(await within(list).findByText(fill(o.suspendedNow, { name: shown }))).toBeInTheDocument();
    await user.click(await within(list).findByRole('button', { name: fill(o.reinstate, { name: shown }) }));
    expect(await within(list).findByText(fill(o.reinstatedNow, { name: shown }))).toBeInTheDocument();

    // Another admin for it (the first left): a wrong address is named next to its field.
    await user.click(await within(list).findByRole('button', { name: fill(o.inviteAdmin, { name: shown }) }));
    const again = within(list).getByRole('form', { name: fill(o.inviteAdmin, { name: shown }) });
    const address = within(again).getByLabelText(o.adminEmail);
    await waitFor(() => expect(address).toHaveFocus());
    await user.type(address, 'second-admin');
    await user.click(within(again).getByRole('button', { name: o.sendInvitation }));
    expect(address).toHaveAccessibleDescription(expect.stringContaining(t.problems.email));
    const second = uniqueEmail('oasis-second');
    await user.clear(address);
    await user.type(address, second);
    await user.click(within(again).getByRole('button', { name: o.sendInvitation }));
    expect(await within(list).findByText(saying(fill(o.adminInvited, { name: shown, email: second })))).toBeInTheDocument();
    expect(await linkMailedTo(second)).toBeTruthy();
    await act(async () => undefined);
  });
});
