import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ar } from '../src/i18n/ar';
import { en } from '../src/i18n/en';
import { plural } from '../src/i18n/format';
import { createApi } from '../src/client/api';
import { DOCUMENTS, RENTER, renderAt, testServer, uniqueEmail } from './render';
import { browserFor, ORIGIN } from './support/server';

describe('plural forms', () => {
  it('Arabic days read naturally: one, two, few, many, other', () => {
    const days = (n: number) => plural(ar.form.days, n, 'ar');
    expect(days(1)).toBe('يوم واحد');
    expect(days(2)).toBe('يومان');
    expect(days(3)).toBe('3 أيام');
    expect(days(11)).toBe('11 يومًا');
    expect(days(100)).toBe('100 يوم');
  });

  it('English says 1 day, 2 days, and 1 field, 2 fields', () => {
    expect(plural(en.form.days, 1, 'en')).toBe('1 day');
    expect(plural(en.form.days, 2, 'en')).toBe('2 days');
    expect(plural(en.form.fieldsToCorrect, 1, 'en')).toBe('Please correct the field marked below.');
    expect(plural(en.form.fieldsToCorrect, 2, 'en')).toBe('Please correct the 2 fields marked below.');
    expect(plural(ar.form.fieldsToCorrect, 2, 'ar')).toBe('يُرجى تصحيح الحقلين المشار إليهما أدناه.');
  });
});

describe.each([
  { lang: 'en', t: en, prefix: '' },
  { lang: 'ar', t: ar, prefix: '/arabic' },
] as const)('form polish in $lang', ({ t, prefix }) => {
  it('registration: a fixed field loses its error at once; the others keep theirs until fixed', async () => {
    const { user } = await renderAt(`${prefix}/registration`);
    const r = t.registration;
    await user.type(await screen.findByLabelText(r.fullName), 'Mariam');
    await user.type(screen.getByLabelText(r.email), 'mariam@');
    await user.click(screen.getByRole('button', { name: r.submit }));
    const name = screen.getByLabelText(r.fullName);
    const email = screen.getByLabelText(r.email);
    expect(name).toHaveAccessibleDescription(t.problems.nameTwoWords);
    expect(email).toHaveAccessibleDescription(t.problems.email);

    await user.type(name, ' Al Suwaidi');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(name).toHaveAccessibleDescription('');
    expect(screen.queryByText(t.problems.nameTwoWords)).not.toBeInTheDocument();
    // Still wrong: still said.
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await user.type(email, 'example.ae');
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('registration: the password rule is stated before anything is submitted', async () => {
    await renderAt(`${prefix}/registration`);
    const password = await screen.findByLabelText(t.registration.password);
    expect(password).toHaveAccessibleDescription(t.form.passwordRule);
    expect(password).not.toHaveAttribute('aria-invalid');
  });

  it('registration: the phone example is isolated left to right, the Emirates ID example is in the language', async () => {
    await renderAt(`${prefix}/registration`);
    const phone = await screen.findByLabelText(t.registration.phone);
    expect(phone).toHaveAccessibleDescription(t.registration.phoneHint);
    if (prefix) {
      expect(t.registration.phoneHint).toContain('\u2066050 123 4567\u2069');
      expect(screen.getByLabelText(t.registration.emiratesIdNumber)).toHaveAttribute(
        'placeholder',
        expect.stringContaining('مثال'),
      );
    }
  });

  it('account: the password rule is under the new password before it fails, and its error goes once the new one is valid', async () => {
    const tab = browserFor(await testServer());
    const api = createApi({ baseUrl: `${ORIGIN}/api`, fetch: tab.fetch });
    const registered = await api.register({
      ...RENTER,
      email: uniqueEmail('mariam.polish'),
      confirmPassword: RENTER.password,
      emiratesId: DOCUMENTS.emiratesId,
      emiratesIdExpiry: DOCUMENTS.emiratesIdExpiry,
      licenceExpiry: DOCUMENTS.licenceExpiry,
      emiratesIdFile: DOCUMENTS.emiratesIdFile.file,
      emiratesIdBackFile: DOCUMENTS.emiratesIdBackFile.file,
      licenceFile: DOCUMENTS.licenceFile.file,
      termsAccepted: true,
    });
    expect(registered.ok).toBe(true);
    const { user } = await renderAt(`${prefix}/account`, { browser: tab });
    const p = t.account.password;
    const form = await screen.findByRole('form', { name: p.title });
    const fresh = within(form).getByLabelText(p.new);
    expect(fresh).toHaveAccessibleDescription(t.form.passwordRule);

    await user.type(fresh, 'short');
    await user.click(within(form).getByRole('button', { name: p.submit }));
    expect(fresh).toHaveAccessibleDescription(`${t.form.passwordRule} ${t.problems.passwordShort}`);
    await user.type(fresh, '-and-long-1');
    expect(fresh).not.toHaveAttribute('aria-invalid');
    expect(fresh).toHaveAccessibleDescription(t.form.passwordRule);
  });

  it('account, signed out: names the current language and offers the other', async () => {
    await renderAt(`${prefix}/account`);
    expect(await screen.findByText(t.account.languageNow.replace('{name}', t.language.name))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.language.switchTo })).toBeInTheDocument();
  });
});
