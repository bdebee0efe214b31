// The rental agreement, read before accepting: the whole text in the page's language, filled with the
// booking's own facts and the rules the app charges by, the other language one tap away.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { CONTRACT_VERSION } from '../machines/journey-rules';
import { ar } from '../src/i18n/ar';
import { en } from '../src/i18n/en';
import { fill, formatAmount } from '../src/i18n/format';
import { companies } from '../server/db/schema';
import { renderAt, testServer } from './render';

describe.each([
  { t: en, other: ar, path: '/rental-contract', lang: 'en' },
  { t: ar, other: en, path: '/arabic/rental-contract', lang: 'ar' },
] as const)('the rental agreement ($lang)', ({ t, other, path, lang }) => {
  const a = t.agreement;

  it('is there to read before accepting, with this booking’s parties, car, dates and amounts', async () => {
    const { actor, user } = await renderAt(path, { journey: 'sample' });
    const text = await screen.findByRole('region', { name: a.title });
    // A scrolling region the keyboard reaches too.
    expect(text).toHaveAttribute('tabindex', '0');
    expect(within(text).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(Object.values(a.clauses).map((c) => c.title));
    expect(text).toHaveTextContent(fill(a.version, { version: CONTRACT_VERSION }));
    const { booking, renter } = actor.getSnapshot().context;
    expect(text).toHaveTextContent(renter!.fullName);
    expect(text).toHaveTextContent(booking.car.model);
    expect(text).toHaveTextContent(booking.car.plate);
    expect(text).toHaveTextContent(formatAmount(booking.car.deposit, lang));
    // Every placeholder filled.
    expect(text.textContent).not.toMatch(/\{\w+\}/);

    // The other language, one tap away; and back.
    const readIn = screen.getByRole('button', { name: a.readIn });
    expect(readIn).toHaveAttribute('lang', a.readInLang);
    await user.click(readIn);
    const translated = await screen.findByRole('region', { name: other.agreement.title });
    expect(translated.closest('[lang]')).toHaveAttribute('lang', a.readInLang);
    expect(translated).toHaveTextContent(other.agreement.clauses.law.title);
    expect(translated).toHaveTextContent(formatAmount(booking.car.deposit, a.readInLang));
    await user.click(screen.getByRole('button', { name: other.agreement.readIn }));
    expect(await screen.findByRole('region', { name: a.title })).toBeInTheDocument();
  });

  it('ends with the car’s company’s own clauses, numbered after the standard ones, in the language read', async () => {
    const app = await testServer();
    // Every company has the clause, so whichever the sample car is of; given back after.
    await app.deps.db.update(companies).set({ clausesEn: 'No smoking in the car.', clausesAr: 'يُمنع التدخين في السيارة.' });
    try {
      await renderAt(path, { journey: 'sample' });
      const text = await screen.findByRole('region', { name: a.title });
      const count = Object.keys(a.clauses).length;
      expect(await within(text).findByText(`${count + 1}. ${lang === 'en' ? 'No smoking in the car.' : 'يُمنع التدخين في السيارة.'}`)).toBeInTheDocument();
      expect(within(text).getAllByRole('heading', { level: 3 }).at(-1)!.textContent).toMatch(new RegExp(fill(a.own, { company: '.+' })));
    } finally {
      await app.deps.db.update(companies).set({ clausesEn: '', clausesAr: '' });
    }
  });
});
