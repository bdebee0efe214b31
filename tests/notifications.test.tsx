// The Notifications screen and the header's unread badge, in English and Arabic, against the real
// server: records grouped by calendar day in Dubai, unread said in words, nothing marked read by
// opening the screen, "Mark all as read" clearing the badge.
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { ar } from '../src/i18n/ar';
import { en } from '../src/i18n/en';
import { dayOf, fill, formatDate, TIME_ZONE } from '../src/i18n/format';
import { eq } from 'drizzle-orm';
import { users } from '../server/db/schema';
import { notify } from '../server/notifications/store';
import { renderAt } from './render';

const HOUR = 60 * 60 * 1000;

/** Midnight today in Dubai (UTC+4 all year), as an instant. */
function dubaiMidnight(now: Date) {
  const [y, m, d] = dayOf(now, TIME_ZONE).split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) - 4 * HOUR;
}

/** A signed-in sample renter with a notification from today, yesterday and earlier, then on `path`. */
async function withRecords(path: string) {
  const view = await renderAt(path.replace('notifications', 'account'), { journey: 'sample' });
  const userId = view.session.getState().user!.id;
  const db = view.server.deps.db;
  const midnight = dubaiMidnight(new Date());
  const times = {
    today: Math.max(Date.now() - 60_000, midnight + 1000),
    yesterday: midnight - 12 * HOUR,
    earlier: midnight - 3 * 24 * HOUR,
  };
  const records = [
    [
      'bookingConfirmed',
      { number: 'MC-261121-000123', model: 'BMW 7 Series' },
      'bookingDetails',
      times.today,
    ],
    ['consentRequested', { amount: 50_000, code: '2301' }, 'trafficViolation', times.yesterday],
    ['accountAlert', { event: 'newSignIn' }, undefined, times.earlier],
  ] as const;
  for (const [kind, params, link, at] of records) {
    await notify(db, new Date(at), userId, kind, params, link);
  }
  await act(() => view.router.navigate(path));
  return { ...view, times };
}

describe.each([
  { t: en, path: '/notifications', lang: 'en' },
  { t: ar, path: '/arabic/notifications', lang: 'ar' },
] as const)('notifications ($lang)', ({ t, path, lang }) => {
  const n = t.notifications;
  const unreadTitle = (title: string) => `${title} ${n.unread}`;

  it('signed out: a prompt to log in, no badge', async () => {
    await renderAt(path);
    expect(await screen.findByText(n.signInPrompt)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: n.logIn })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: t.nav.notifications })).toBeNull();
  });

  it('signed in with nothing yet: an honest empty state', async () => {
    await renderAt(path, { journey: 'sample' });
    expect(await screen.findByText(n.empty)).toBeInTheDocument();
    // The bell is its own chunk, loaded once someone is signed in: it may come after the list.
    expect(await screen.findByRole('link', { name: t.nav.notifications })).toHaveAttribute('href', path);
  });

  it('groups by Dubai calendar day, says unread in words, and "Mark all as read" clears the badge', async () => {
    const { user, times } = await withRecords(path);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    const today = await screen.findByRole('region', { name: n.today });
    const booked = within(today).getByRole('heading', {
      level: 3,
      name: unreadTitle(n.kinds.bookingConfirmed.title),
    });
    expect(within(booked).getByRole('link', { name: n.kinds.bookingConfirmed.title })).toHaveAttribute(
      'href',
      lang === 'ar' ? '/arabic/booking-details' : '/booking-details',
    );
    expect(today).toHaveTextContent('MC-261121-000123');
    expect(today).toHaveTextContent(formatDate(new Date(times.today), lang, 'time', TIME_ZONE));

    const yesterday = screen.getByRole('region', { name: n.yesterday });
    expect(
      within(yesterday).getByRole('heading', { level: 3, name: unreadTitle(n.kinds.consentRequested.title) }),
    ).toBeInTheDocument();
    expect(within(yesterday).getByRole('img', { name: t.money.currency })).toBeInTheDocument();
    expect(yesterday).toHaveTextContent('500.00');

    const earlier = screen.getByRole('region', { name: n.earlier });
    expect(
      within(earlier).getByRole('heading', { level: 3, name: unreadTitle(n.kinds.accountAlert.title) }),
    ).toBeInTheDocument();
    expect(earlier).toHaveTextContent(n.accountEvents.newSignIn);
    expect(earlier).toHaveTextContent(formatDate(new Date(times.earlier), lang, 'dateTime', TIME_ZONE));

    // Opening the screen marked nothing read.
    const badge = screen.getByRole('link', { name: fill(t.nav.notificationsUnread, { count: 3 }) });
    await user.click(screen.getByRole('button', { name: n.markAllRead }));
    expect(await screen.findByRole('status')).toHaveTextContent(n.markedAllRead);
    await waitFor(() => expect(badge).toHaveAccessibleName(t.nav.notifications));
    expect(
      within(today).getByRole('heading', { level: 3, name: n.kinds.bookingConfirmed.title }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: n.markAllRead })).toBeNull();
  });

  it('following a notification’s link marks that one read', async () => {
    const { user } = await withRecords(path);
    await screen.findByRole('region', { name: n.today });
    await user.click(screen.getByRole('link', { name: n.kinds.bookingConfirmed.title }));
    expect(
      await screen.findByRole('heading', { level: 1, name: t.titles.bookingDetails }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: fill(t.nav.notificationsUnread, { count: 2 }) })).toBeInTheDocument(),
    );
  });

  it('Account: the preference switch reads the server’s value and saves it, saying so', async () => {
    const a = t.account;
    const { user, session, server } = await renderAt(path.replace('notifications', 'account'), {
      journey: 'sample',
    });
    const toggle = await screen.findByRole('switch', { name: a.notifications });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText(a.notificationsSaved)).toHaveAttribute('role', 'status');
    expect(toggle).not.toBeChecked();
    const [row] = await server.deps.db
      .select({ on: users.notificationsOn })
      .from(users)
      .where(eq(users.id, session.getState().user!.id));
    expect(row?.on).toBe(false);
  });

  it('Account: each group of notices by e-mail is its own switch, saved on the server and said so', async () => {
    const a = t.account;
    const { user, session, server } = await renderAt(path.replace('notifications', 'account'), { journey: 'sample' });
    const group = await screen.findByRole('group', { name: a.byEmail.title });
    const fines = within(group).getByRole('switch', { name: a.byEmail.groups.fines });
    expect(within(group).getAllByRole('switch').map((s) => s.getAttribute('aria-checked'))).toEqual(['true', 'true', 'true', 'true']);
    await user.click(fines);
    expect(await screen.findByText(a.notificationsSaved)).toHaveAttribute('role', 'status');
    expect(fines).not.toBeChecked();
    expect(within(group).getByRole('switch', { name: a.byEmail.groups.bookings })).toBeChecked();
    const [row] = await server.deps.db.select({ off: users.mailOff }).from(users).where(eq(users.id, session.getState().user!.id));
    expect(row?.off).toEqual(['fines']);
  });

  it('Account: where the browser cannot take alerts (here, as in a browser without push), it says so instead of a switch that would do nothing', async () => {
    await renderAt(path.replace('notifications', 'account'), { journey: 'sample' });
    expect(await screen.findByText(t.account.push.unsupported)).toBeVisible();
    expect(screen.queryByRole('switch', { name: t.account.push.label })).toBeNull();
  });
});
