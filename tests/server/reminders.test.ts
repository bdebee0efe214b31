// Pickup reminders are a job (server/journey/reminders.ts): a renter whose paid car is to be picked
// up within a day is told once, whichever instance looks; not sooner, not twice, and not a renter who
// turned notifications off.
import { describe, expect, it } from 'vitest';
import { remindPickups } from '../../server/journey/reminders';
import { renterAt, server, tripIn } from './helpers';

const HOUR = 3_600_000;
const reminders = async (r: Awaited<ReturnType<typeof renterAt>>) => {
  const list = await r.api.notifications();
  if (!list.ok) throw new Error('notifications');
  return list.body.notifications.filter((n) => n.kind === 'pickupReminder');
};

describe('pickup reminders', () => {
  it('within a day of pickup the renter is told once; three days ahead not yet; notifications off, never', async () => {
    const soon = tripIn(6);
    const near = await renterAt('paid', { carId: 'yaris', trip: soon });
    const later = await renterAt('paid', { carId: 'patrol', trip: tripIn(72) });
    const quiet = await renterAt('paid', { carId: 'camry', trip: tripIn(8) });
    expect((await quiet.api.saveNotificationPreferences(false)).ok).toBe(true);
    const signedOnly = await renterAt('signed', { carId: 'bmw-7', trip: tripIn(7) });

    const { deps } = await server();
    // Two instances looking at once, and again later: one reminder.
    await Promise.all([remindPickups(deps), remindPickups(deps)]);
    await remindPickups(deps);

    expect(await reminders(near)).toEqual([
      expect.objectContaining({ params: { model: 'Toyota Yaris', at: soon.pickupAt }, link: 'bookingDetails', read: false }),
    ]);
    expect(await reminders(later)).toEqual([]);
    expect(await reminders(quiet)).toEqual([]);
    // Not paid: the car is not theirs yet, nothing to pick up.
    expect(await reminders(signedOnly)).toEqual([]);

    // A day later the second renter's pickup is near: the next round tells them.
    const dayLater = new Date(Date.now() + 50 * HOUR);
    await remindPickups({ ...deps, now: () => dayLater });
    expect(await reminders(later)).toHaveLength(1);
    expect(await reminders(near)).toHaveLength(1);
  });
});
