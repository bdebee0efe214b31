// The paper trail by e-mail, read from the local mail server: a whole rental with added days, a fine
// passed on and paid from the deposit, and the settlement. Each money notice comes by e-mail in the
// renter's language with the tax document of its movement attached as a PDF, numbered as the app
// lists it, as soon as it is queued; a group the renter turned off comes only in the app.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../server/db/schema';
import { startTestServer, type TestServer } from '../support/server';
import { SAMPLE_MANAGER } from '../../server/seed';
import type { CaughtMail } from '../../server/mail/local';
import { browser, PAY, checkInAtCounter, contextOf, pickUp, renter } from './helpers';
import { fineFor, setUp } from './fines';
import { remindPickups } from '../../server/journey/reminders';
import { dueBackAt } from '../../machines/journey-rules';
import { ledgerOf } from '../../machines/ledger';
import { DAY_MS } from '../../machines/money';

describe('the paper trail by e-mail', () => {
  let s: TestServer;
  beforeAll(async () => {
    // The queues' own round once an hour: every e-mail here goes out because what queued it said so.
    s = await startTestServer({ outboxTickMs: 3_600_000 }, { mail: true });
  });
  afterAll(() => s.close());

  /** The renter's e-mail whose subject matches, once it has come. */
  const mailTo = async (to: string, subject: RegExp): Promise<CaughtMail> => {
    let found: CaughtMail | undefined;
    await vi.waitFor(
      () => {
        found = s.mailbox!.messages.find((m) => m.to === to && subject.test(m.subject));
        expect(found, `no e-mail "${subject}" to ${to}: ${s.mailbox!.messages.filter((m) => m.to === to).map((m) => m.subject).join(' | ')}`).toBeTruthy();
      },
      { timeout: 15_000, interval: 100 },
    );
    return found!;
  };

  /**
   * The subjects of every e-mail to `to` the server has written down to send, sent or not: a message
   * is queued in the same transaction as what it tells, so what is not here by then never comes.
   */
  const queuedTo = async (to: string) =>
    (await s.deps.db.select({ subject: mailOutbox.subject }).from(mailOutbox).where(eq(mailOutbox.to, to))).map((m) => m.subject);

  /** `r` signs and pays for the default car (or the car and trip of `start`); a refused step fails the test. */
  async function pay(r: Awaited<ReturnType<typeof renter>>, start?: { carId: string; trip: Record<string, unknown> }) {
    for (const event of [
      ...(start ? [{ type: 'booking.start', ...start }] : []),
      { type: 'contract.acceptTerms' },
      { type: 'contract.verifyIdentity' },
      { type: 'contract.sign', signature: 'Mariam Al Suwaidi' },
      { type: 'contract.proceed' },
      PAY,
      { type: 'payment.proceed' },
    ]) {
      const answer = await r.step(event);
      if (!answer.ok) throw new Error(`${event.type}: ${JSON.stringify(answer.body)}`);
    }
  }

  /** A renter on the mail server who reads in `lang`, paid as `pay` does. */
  async function paidRenter(lang: 'en' | 'ar', start?: { carId: string; trip: Record<string, unknown> }) {
    const r = await renter({}, s);
    expect((await r.api.savePreferences({ language: lang, currency: 'AED' })).ok).toBe(true);
    await pay(r, start);
    return r;
  }

  it.each(['en', 'ar'] as const)('a whole rental (%s): the confirmation with the agreement, the added days, and the settlement with the credit note of an early return come with their documents; a fine passed on is said', async (lang) => {
    const r = await paidRenter(lang);
    expect((await pickUp(r, s)).ok).toBe(true);
    expect((await r.step({ type: 'rental.extend', days: 1 })).ok).toBe(true);
    expect((await r.step({ type: 'rental.confirmExtension' })).ok).toBe(true);
    const m = await browser(s);
    expect((await m.api.logIn({ email: SAMPLE_MANAGER.email, password: SAMPLE_MANAGER.password, role: 'manager' })).ok).toBe(true);
    await setUp(m, r, { mode: 'automatic', notify: true, consent: false });
    const fine = await fineFor(r, m);
    const paid = await r.api.violationEvent(fine.id, { type: 'violation.payFromDeposit' }, fine.version);
    expect(paid.ok, JSON.stringify(paid)).toBe(true);
    await r.refresh();
    // Back two days and an hour early, a quarter of the tank short: the unused days go back.
    const early = dueBackAt(contextOf(r.journey())) - 2 * DAY_MS - 3_600_000;
    expect((await checkInAtCounter(r, { fuel: '3/4' }, early, s)).ok).toBe(true);
    expect((await r.step({ type: 'return.accept' })).ok).toBe(true);

    const listed = await r.api.taxDocuments(r.journey().bookingId);
    if (!listed.ok) throw new Error('documents');
    const [payment, extension, settlement, unused] = listed.body.documents;
    expect(listed.body.documents.map((d) => d.kind)).toEqual(['invoice', 'invoice', 'invoice', 'credit']);
    // Numbered in sequence in the company's series; each total the ledger's.
    const n = (d: { number: string }) => Number(d.number.slice(4));
    expect([n(extension!) - n(payment!), n(settlement!) - n(extension!)].every((gap) => gap >= 1)).toBe(true);
    const c = contextOf(r.journey());
    expect([payment!.total, extension!.total, settlement!.total, unused!.total]).toEqual([
      c.payment!.amount,
      c.extensions[0]!.price.total,
      ledgerOf(c).deductionsTotal,
      c.refund!.early!.amount,
    ]);
    expect(unused!.adjusts).toBe(payment!.number);
    const number = r.journey().number;
    const ar = lang === 'ar';
    const expected: [RegExp, string[]][] = [
      [ar ? new RegExp(`تم تأكيد الحجز ${number}`) : new RegExp(`Booking ${number} is confirmed`), [`agreement-${number}`, payment!.number]],
      [ar ? new RegExp(`تم تمديد الحجز ${number}`) : new RegExp(`Booking ${number} is extended`), [extension!.number]],
      [ar ? /حُوّلت إليك مخالفة مرورية/ : /A traffic fine was passed to you/, []],
      [ar ? new RegExp(`الحجز ${number}: تمت تسوية مبلغ التأمين`) : new RegExp(`Booking ${number}: your deposit is settled`), [settlement!.number, unused!.number]],
    ];
    for (const [subject, files] of expected) {
      const mail = await mailTo(r.email, subject);
      expect(mail.lang).toBe(lang);
      expect(mail.dir).toBe(ar ? 'rtl' : 'ltr');
      expect(mail.attachments.map((a) => a.filename)).toEqual(files.map((f) => `${f}.pdf`));
      for (const file of mail.attachments) {
        expect(file.contentType).toBe('application/pdf');
        expect(file.content.subarray(0, 5).toString()).toBe('%PDF-');
        // In the renter's language: the Arabic PDF embeds the Arabic face.
        expect(file.content.toString('latin1').includes('NotoSansArabic')).toBe(ar);
      }
    }
    // The amounts said are the ledger's, as the documents total them.
    const settled = await mailTo(r.email, ar ? /تمت تسوية/ : /deposit is settled/);
    const back = c.refund!.refunded + c.refund!.early!.amount;
    expect(settled.text).toContain(`AED ${(back / 100).toLocaleString('en-AE', { minimumFractionDigits: 2 })}`);
  });

  it('bookings and payments turned off by e-mail: the confirmation is only in the app; the switch is the renter’s own', async () => {
    const r = await renter({}, s);
    const off = await r.api.saveMailPreferences({ bookings: false });
    expect(off).toMatchObject({ ok: true, body: { notificationsOn: true, email: { bookings: false, reminders: true, fines: true, incidents: true } } });
    // Another renter's switches are theirs: this one's change nothing for them.
    const other = await renter({}, s);
    expect(await other.api.notificationPreferences()).toMatchObject({ body: { email: { bookings: true } } });
    await pay(r);
    const notices = await r.api.notifications();
    expect(notices.ok && notices.body.notifications.map((n) => n.kind)).toContain('bookingConfirmed');
    // The verification e-mail of the registration still comes (it is no notice); the confirmation does not.
    await mailTo(r.email, /Confirm your e-mail/);
    expect(await queuedTo(r.email)).toEqual([expect.stringMatching(/Confirm your e-mail/)]);
    expect(s.mailbox!.messages.filter((m) => m.to === r.email).map((m) => m.subject)).toEqual([expect.stringMatching(/Confirm your e-mail/)]);
  });

  it('the pickup reminder comes by e-mail once, whichever instance sends it, with the time in Dubai', async () => {
    const HOUR = 3_600_000;
    const pickupAt = Math.ceil((Date.now() + 6 * HOUR) / HOUR) * HOUR;
    const trip = { pickupLocation: 'dxb-t3', dropoffLocation: 'dxb-t3', pickupAt, dropoffAt: pickupAt + 48 * HOUR };
    const r = await paidRenter('en', { carId: 'yaris', trip });
    // Two instances looking at once: one reminder.
    await Promise.all([remindPickups(s.deps), remindPickups(s.deps)]);
    const mail = await mailTo(r.email, /Your Toyota Yaris is ready for pickup/);
    const dubai = new Date(pickupAt + 4 * HOUR).toISOString();
    expect(mail.text).toContain(`${dubai.slice(8, 10)}/${dubai.slice(5, 7)}/${dubai.slice(0, 4)} ${dubai.slice(11, 16)} (Dubai time)`);
    expect((await queuedTo(r.email)).filter((subject) => /ready for pickup/.test(subject))).toHaveLength(1);
    expect(s.mailbox!.messages.filter((m) => m.to === r.email && /ready for pickup/.test(m.subject))).toHaveLength(1);
  });
});
