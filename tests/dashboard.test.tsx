// The company's day as its manager sees it, in English and Arabic: the sections, this month against
// the last as a table, and the export's link following what is chosen (a range that runs backwards
// is named next to its field and offers no link). The figures themselves: tests/server/dashboard.test.ts.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ar } from '../src/i18n/ar';
import { en } from '../src/i18n/en';
import { fill } from '../src/i18n/format';
import { ORIGIN } from './support/server';
import { paidRenter, renderAt } from './render';

describe.each([
  { t: en, prefix: '', lang: 'en' },
  { t: ar, prefix: '/arabic', lang: 'ar' },
] as const)('the company’s day ($prefix)', ({ t, prefix, lang }) => {
  const d = t.dashboard;

  it('shows the day, what waits, the month against the last, and an export that follows the choice', async () => {
    const { user } = await renderAt(`${prefix}/dashboard`, { manager: true });
    const month = await screen.findByRole('region', { name: d.month });
    const table = within(month).getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([d.figure, d.lastMonth, d.thisMonth]);
    expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(Object.values(d.rows));
    expect(screen.getByRole('region', { name: d.fleet })).toHaveTextContent(d.overdue);

    const form = screen.getByRole('form', { name: d.export });
    const link = within(form).getByRole('link', { name: d.download });
    expect(link.getAttribute('href')).toMatch(/\/dashboard\/export\?kind=bookings&from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/);
    await user.selectOptions(within(form).getByLabelText(d.kind), 'fines');
    expect(within(form).getByRole('link', { name: d.download }).getAttribute('href')).toContain('kind=fines');

    const to = within(form).getByLabelText(d.to);
    await user.clear(to);
    await user.type(to, '2020-01-01');
    expect(to).toHaveAccessibleDescription(expect.stringContaining(d.rangeBackwards));
    // The day picked, written in the page's language (the picker itself follows the browser's).
    expect(to).toHaveAccessibleDescription(expect.stringContaining(lang === 'en' ? 'Jan 1, 2020' : '1 يناير 2020'));
    expect(within(form).queryByRole('link', { name: d.download })).toBeNull();
  });

  it('lists the tax documents of the range with their sums, each to open or download, beside their CSV', async () => {
    // A renter pays for the default car (the manager's company's): its tax invoice is issued today.
    const { renter, journey } = await paidRenter('papers');
    const docs = await renter.taxDocuments(journey.bookingId);
    if (!docs.ok) throw new Error('documents');
    const invoice = docs.body.documents[0]!;

    const { user } = await renderAt(`${prefix}/dashboard`, { manager: true });
    const form = await screen.findByRole('form', { name: d.export });
    await user.selectOptions(within(form).getByLabelText(d.kind), 'invoices');
    expect(within(form).getByRole('link', { name: d.download }).getAttribute('href')).toContain('kind=invoices');
    const p = t.papers;
    const name = fill(p.kinds.invoice, { number: invoice.number });
    const open = await within(form).findByRole('link', { name: fill(p.openLabel, { name }) });
    expect(open.getAttribute('href')).toBe(`${ORIGIN}/api/tax-documents/${invoice.id}/page?lang=${lang}`);
    expect(open.closest('li')).toHaveTextContent(journey.number);
    expect(within(form).getByRole('link', { name: fill(p.pdfLabel, { name }) })).toBeInTheDocument();
    expect(within(form).getByText(new RegExp(fill(d.documents.invoiced, { count: '\\d+' })))).toBeInTheDocument();
  });

  it('is not a branch agent’s screen', async () => {
    await renderAt(`${prefix}/dashboard`, { staff: { email: 'agent@movecar.ae', password: 'counter-agent-2026' } });
    expect(await screen.findByRole('status')).toHaveTextContent(t.manager.roles.agent);
  });
});
