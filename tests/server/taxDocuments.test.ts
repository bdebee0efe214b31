// The paper trail of a rental's money, through the API on a real database: every charge is a tax
// invoice and every refund a credit note, issued by the car's company with the step that moved the
// money, numbered in the company's series without a gap or a repeat (also when renters pay at the
// same moment, and when an issuing transaction rolls back), with totals that are the ledger's to the
// fil. The renter reads their own, the company's managers theirs; nobody else finds them.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ledgerOf } from '../../machines/ledger';
import { CONTRACT_VERSION, defaultCar } from '../../machines/journey-rules';
import { DAY_MS } from '../../machines/money';
import { documentNumber } from '../../machines/taxDocuments';
import { companies, taxDocuments } from '../../server/db/schema';
import { SECOND_MANAGER } from '../../server/seed';
import { carOf } from '../../machines/sampleFleet';
import { browser, pay, checkInAtCounter, contextOf, counter, manager, pickUp, renter, renterAt, server } from './helpers';
import { fineFor, setUp } from './fines';
import type { TaxDocumentView } from '../../src/client/api';
import { nextTaxNumber } from '../../server/invoices/store';

const HOUR = 3_600_000;
const TRN = '100234567800003';

/** What a document's lines add up to. */
const linesTotal = (d: TaxDocumentView) => d.lines.reduce((sum, l) => sum + l.net + l.vat, 0);
/** The numbers of the company's series, as issued. */
async function series(companyId: string, kind: 'invoice' | 'credit') {
  const rows = await (await server()).deps.db.select({ number: taxDocuments.number, companyId: taxDocuments.companyId, kind: taxDocuments.kind }).from(taxDocuments);
  return rows.filter((r) => r.companyId === companyId && r.kind === kind).map((r) => r.number).sort((a, b) => a - b);
}
/** 1, 2, … n: nothing repeated, nothing skipped. */
const unbroken = (numbers: number[]) => numbers.map((_, i) => i + 1);

describe('tax invoices and credit notes', () => {
  it('a whole rental: the payment, a change refunded, added days and the settlement’s deductions, each its own document that adds up to the ledger', async () => {
    const s = await server();
    const company = defaultCar().company;
    await s.deps.db.update(companies).set({ trn: TRN, addressEn: 'Sheikh Zayed Road, Dubai', addressAr: 'شارع الشيخ زايد، دبي' }).where(eq(companies.id, company));
    const r = await renterAt('paid');
    const paidContext = contextOf(r.journey());
    // Shorter by a day before pickup: the difference goes back.
    const { booking } = paidContext;
    const shorter = { pickupLocation: booking.pickupLocation, dropoffLocation: booking.dropoffLocation, pickupAt: booking.pickupAt, dropoffAt: booking.dropoffAt - DAY_MS };
    expect((await r.step({ type: 'booking.modify', trip: shorter })).ok).toBe(true);
    expect((await pickUp(r)).ok).toBe(true);
    expect((await r.step({ type: 'rental.extend', days: 1 })).ok).toBe(true);
    expect((await r.step({ type: 'rental.confirmExtension' })).ok).toBe(true);
    const m = await manager();
    await setUp(m, r, { mode: 'manual', notify: true, consent: false });
    const fine = await fineFor(r, m);
    const transferred = await m.api.violationEvent(fine.id, { type: 'violation.transfer' }, fine.version);
    if (!transferred.ok) throw new Error(`transfer: ${JSON.stringify(transferred)}`);
    const paidFine = await r.api.violationEvent(fine.id, { type: 'violation.payFromDeposit' }, transferred.body.violation.version);
    expect(paidFine.ok, JSON.stringify(paidFine)).toBe(true);
    await r.refresh();
    // Back with a quarter of the tank gone: fuel is charged at the pump price with VAT.
    expect((await checkInAtCounter(r, { fuel: '3/4' })).ok).toBe(true);
    expect((await r.step({ type: 'return.accept' })).ok).toBe(true);

    const c = contextOf(r.journey());
    const ledger = ledgerOf(c);
    const answer = await r.api.taxDocuments(r.journey().bookingId);
    if (!answer.ok) throw new Error('documents');
    const docs = answer.body.documents;
    expect(docs.map((d) => d.kind)).toEqual(['invoice', 'credit', 'invoice', 'invoice']);
    const [payment, refund, extension, settlement] = docs as [TaxDocumentView, TaxDocumentView, TaxDocumentView, TaxDocumentView];

    // Each total is a figure the ledger holds; each document's lines add up to it, to the fil.
    expect(payment.total).toBe(c.payment!.amount);
    expect(refund.total).toBe(-c.changes[0]!.difference);
    expect(extension.total).toBe(c.extensions[0]!.price.total);
    expect(settlement.total).toBe(ledger.deductionsTotal);
    for (const d of docs) {
      expect(linesTotal(d)).toBe(d.total);
      expect(d.net + d.vat).toBe(d.total);
    }
    // What the renter was invoiced less what was credited is what the card paid for the rental, plus the deductions.
    const invoiced = docs.reduce((sum, d) => sum + (d.kind === 'invoice' ? d.total : -d.total), 0);
    expect(invoiced).toBe(ledger.charged + ledger.deductionsTotal);

    // The payment: the days at the car's rate, VAT 5%.
    const { car } = booking;
    expect(payment.lines[0]).toMatchObject({ item: { kind: 'rental', model: car.model }, unitPrice: car.dailyRate, vatRate: 5 });
    expect(payment.vat).toBe(Math.round(payment.net * 0.05));
    // The credit note names the invoice it adjusts.
    expect(refund.adjusts).toBe(payment.number);
    // The fine passed on is outside VAT; the admin fee and the fuel carry it.
    expect(settlement.lines.map((l) => [l.item.kind, l.vatRate])).toEqual([
      ['fine', null],
      ['adminFee', 5],
      ['fuel', 5],
    ]);
    // Issued by the car's company, to the renter, as they were then.
    expect(payment).toMatchObject({ renterName: 'Mariam Al Suwaidi', bookingNumber: r.journey().number, supplier: { trn: TRN, nameEn: expect.any(String) } });

    // Numbered in the company's series: invoices and credit notes each 1, 2, 3 … with nothing skipped.
    const invoices = await series(company, 'invoice');
    expect(invoices).toEqual(unbroken(invoices));
    expect(docs.filter((d) => d.kind === 'invoice').map((d) => d.number)).toEqual(
      [payment, extension, settlement].map((d) => documentNumber('invoice', Number(d.number.slice(4)))),
    );
    expect(await series(company, 'credit')).toEqual(unbroken(await series(company, 'credit')));

    // A page to read and print, and a PDF, in either language, for the renter and the company alike.
    for (const [who, lang] of [[r, 'ar'], [m, 'en']] as const) {
      const page = await who.request(`/api/tax-documents/${settlement.id}/page?lang=${lang}`);
      expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-/);
      const html = await page.text();
      expect(html).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`);
      expect(html).toContain(`<h1>${lang === 'ar' ? 'فاتورة ضريبية' : 'Tax Invoice'}</h1>`);
      expect(html).toContain(settlement.number);
      expect(html).toContain(`AED ${(settlement.total / 100).toLocaleString('en-AE', { minimumFractionDigits: 2 })}`);
      const pdf = await who.request(`/api/tax-documents/${settlement.id}/pdf?lang=${lang}`);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(pdf.headers.get('content-disposition')).toContain(`${settlement.number}-${lang}.pdf`);
      const bytes = Buffer.from(await pdf.arrayBuffer());
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      // Its fonts are embedded (the Arabic one for an Arabic document), never the PDF's standard Helvetica alone.
      expect(bytes.toString('latin1')).toMatch(lang === 'ar' ? /NotoSansArabic/ : /Inter/);
    }
    expect(await (await renter()).request(`/api/tax-documents/${settlement.id}/pdf`)).toMatchObject({ status: 404 });

    // The company's manager reads it and exports it; another company's manager and another renter find nothing.
    const read = await m.api.taxDocument(payment.id);
    expect(read.ok && read.body.document.number).toBe(payment.number);
    expect(await (await renter()).api.taxDocument(payment.id)).toMatchObject({ status: 404 });
    const other = await browser();
    await other.api.logIn({ email: SECOND_MANAGER.email, password: SECOND_MANAGER.password, role: 'manager' });
    expect(await other.api.taxDocument(payment.id)).toMatchObject({ status: 404 });
    expect(await (await browser()).api.taxDocument(payment.id)).toMatchObject({ status: 401 });

    const day = (ms: number) => new Date(ms + 4 * HOUR).toISOString().slice(0, 10);
    const now = s.deps.now().getTime();
    const sheet = await (await m.request(`/api/dashboard/export?kind=invoices&from=${day(now - 30 * DAY_MS)}&to=${day(now)}`)).text();
    const rowOf = (number: string) => sheet.split('\r\n').find((line) => line.startsWith(number))!;
    expect(rowOf(payment.number)).toContain(`${(payment.total / 100).toFixed(2)}`);
    expect(rowOf(refund.number)).toContain(`tax credit note,${payment.number}`);
    expect(rowOf(refund.number)).toContain(`-${(refund.total / 100).toFixed(2)}`);
    // The same range listed for the dashboard, with what it adds up to (the CSV's figures).
    const range = `from=${day(now - 30 * DAY_MS)}&to=${day(now)}`;
    const listed = await (await m.request(`/api/dashboard/documents?${range}`)).json();
    const ids = listed.documents.map((d: { id: string }) => d.id);
    expect(ids).toEqual(expect.arrayContaining(docs.map((d) => d.id)));
    const total = (kind: string) => listed.documents.filter((d: TaxDocumentView) => d.kind === kind).reduce((sum: number, d: TaxDocumentView) => sum + d.total, 0);
    expect([listed.invoiced.total, listed.credited.total]).toEqual([total('invoice'), total('credit')]);
    expect((await r.request(`/api/dashboard/documents?${range}`)).status).toBe(403);
    expect((await m.request(`/api/dashboard/documents?from=${day(now)}&to=${day(now - 30 * DAY_MS)}`)).status).toBe(400);
  });

  it('the signed agreement opens as a page and a PDF for the renter and the car’s company, in either language; nobody else has it', async () => {
    const r = await renterAt('signed');
    const id = r.journey().bookingId;
    const signedAt = contextOf(r.journey()).contract!.signedAt;
    const m = await manager();
    for (const [who, lang] of [[r, 'en'], [m, 'ar']] as const) {
      const page = await who.request(`/api/agreements/${id}/page?lang=${lang}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-/);
      const html = await page.text();
      expect(html).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`);
      expect(html).toContain(`<h1>${lang === 'ar' ? 'عقد الإيجار' : 'Rental agreement'} ${r.journey().number}</h1>`);
      // Who signed, when (Dubai time) and which version; the clauses filled with the booking's facts.
      expect(html).toContain('Mariam Al Suwaidi');
      expect(html).toContain(`${CONTRACT_VERSION}`);
      expect(html).toContain(new Date(signedAt + 4 * HOUR).toISOString().slice(11, 16));
      expect(html).toContain(contextOf(r.journey()).booking.car.plate);
      const pdf = await who.request(`/api/agreements/${id}/pdf?lang=${lang}`);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect((await (await renter()).request(`/api/agreements/${id}/page`)).status).toBe(404);
    const other = await browser();
    await other.api.logIn({ email: SECOND_MANAGER.email, password: SECOND_MANAGER.password, role: 'manager' });
    expect((await other.request(`/api/agreements/${id}/pdf`)).status).toBe(404);
    expect((await (await browser()).request(`/api/agreements/${id}/page`)).status).toBe(401);
    // The counter's agent of the car's own company hands the car over; the papers are the managers'.
    const agent = await counter(contextOf(r.journey()).booking.car.id);
    expect((await agent.request(`/api/agreements/${id}/pdf`)).status).toBe(403);
    expect((await agent.request(`/api/tax-documents/booking/${id}`)).status).toBe(403);
    // A booking not yet signed has no agreement to print.
    const unsigned = await renter();
    expect((await unsigned.request(`/api/agreements/${unsigned.journey().bookingId}/page`)).status).toBe(404);
  });

  it('a fine paid by card is a tax invoice of the car’s company: the fine passed on outside VAT, the admin fee with it', async () => {
    const r = await renterAt('pickedUp');
    const m = await manager();
    await setUp(m, r, { mode: 'manual', notify: false, consent: false });
    const fine = await fineFor(r, m, 300);
    const transferred = await m.api.violationEvent(fine.id, { type: 'violation.transfer' }, fine.version);
    if (!transferred.ok) throw new Error('transfer');
    const paid = await r.api.violationEvent(fine.id, { type: 'violation.payByCard' }, transferred.body.violation.version);
    expect(paid.ok, JSON.stringify(paid)).toBe(true);
    const docs = await r.api.taxDocuments(r.journey().bookingId);
    if (!docs.ok) throw new Error('documents');
    const invoice = docs.body.documents.at(-1)!;
    // AED 300 + 10% admin fee = 330.00: the 300 outside VAT, the 30 with its VAT inside.
    expect(invoice).toMatchObject({ kind: 'invoice', total: 33_000, net: 33_000 - 143, vat: 143 });
    expect(invoice.lines.map((l) => [l.item.kind, l.net + l.vat, l.vatRate])).toEqual([
      ['fine', 30_000, null],
      ['adminFee', 3_000, 5],
    ]);
    // The same payment again is refused, and issues nothing more.
    await r.api.violationEvent(fine.id, { type: 'violation.payByCard' }, transferred.body.violation.version);
    const again = await r.api.taxDocuments(r.journey().bookingId);
    expect(again.ok && again.body.documents.length).toBe(docs.body.documents.length);
  });

  it('renters paying at the same moment get consecutive numbers, none repeated; a cancellation’s refund is a credit note', async () => {
    const s = await server();
    const start = Math.ceil((s.deps.now().getTime() + 90 * DAY_MS) / HOUR) * HOUR;
    // Six renters of one company's car, each for their own week, signed and ready to pay.
    const renters = await Promise.all(
      Array.from({ length: 6 }, (_, i) => {
        const pickupAt = start + i * 8 * DAY_MS;
        return renterAt('signed', { carId: 'camry', trip: { pickupLocation: 'dxb-t3', dropoffLocation: 'dxb-t3', pickupAt, dropoffAt: pickupAt + 2 * DAY_MS } });
      }),
    );
    const company = carOf('camry').company;
    const before = await series(company, 'invoice');
    const answers = await Promise.all(renters.map((r) => pay(r)));
    expect(answers.every((a) => a.ok)).toBe(true);
    const after = await series(company, 'invoice');
    expect(after).toEqual(unbroken(after));
    expect(after.length - before.length).toBe(6);

    const r = renters[0]!;
    expect((await r.step({ type: 'booking.cancel' })).ok).toBe(true);
    const docs = await r.api.taxDocuments(r.journey().bookingId);
    if (!docs.ok) throw new Error('documents');
    const [invoice, credit] = docs.body.documents;
    expect(credit).toMatchObject({ kind: 'credit', total: contextOf(r.journey()).cancellation!.refunded, adjusts: invoice!.number });
    // Cancelled long before pickup: everything goes back, VAT included.
    expect(credit).toMatchObject({ net: invoice!.net, vat: invoice!.vat });
  });

  it('a number taken by a transaction that rolls back is given to the next document: the series has no gap', async () => {
    const s = await server();
    // A company of its own, so the file's other documents do not move its series meanwhile.
    const company = `gapless-${Date.now().toString(36)}`;
    await s.deps.db.insert(companies).values({ id: company, nameEn: 'Gapless Cars', nameAr: 'سيارات بلا فجوات', subtitleEn: '', subtitleAr: '' });
    // Ten issuers at once, every other one failing after it took its number.
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        s.deps.db.transaction(async (tx) => {
          const number = await nextTaxNumber(tx, company, 'credit');
          if (i % 2 === 1) throw new Error('rolled back');
          return number;
        }),
      ),
    );
    const kept = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])).sort((a, b) => a - b);
    expect(kept).toEqual([1, 2, 3, 4, 5]);
    expect(await s.deps.db.transaction((tx) => nextTaxNumber(tx, company, 'credit'))).toBe(6);
  });
});
