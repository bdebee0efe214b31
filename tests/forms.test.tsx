import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ar } from '../src/i18n/ar';
import { en } from '../src/i18n/en';
import { fill, plural } from '../src/i18n/format';
import { PDF_BYTES, PNG_BYTES, renderAt, testServer, uniqueEmail } from './render';
import { HashingBusy } from '../server/auth/passwords';

/** The translated confirmation, whole, with any reference in place of {ref}. */
const sentence = (template: string) =>
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace('{ref}', 'ER-[0-9A-Z]{6}')}$`);

describe.each([
  { lang: 'en', t: en, prefix: '' },
  { lang: 'ar', t: ar, prefix: '/arabic' },
] as const)('forms in $lang', ({ lang, t, prefix }) => {
  it('registration: every mistake is named next to its field, focus goes to the first, nothing typed is lost', async () => {
    const { user, actor } = await renderAt(`${prefix}/registration`);
    const r = t.registration;
    const typed = {
      [r.fullName]: 'Mariam',
      [r.email]: 'mariam@',
      [r.phone]: '053 123 4567',
      [r.password]: '1234567890',
      [r.confirmPassword]: '1234567899',
      [r.emiratesIdNumber]: '784-1990-123',
      [r.emiratesIdExpiry]: '2020-01-31',
      [r.licenceExpiry]: '31/01/2030',
    };
    for (const [label, value] of Object.entries(typed))
      await user.type(await screen.findByLabelText(label), value);
    await user.click(screen.getByRole('button', { name: r.submit }));

    const expected: [string, string][] = [
      [r.fullName, t.problems.nameTwoWords],
      [r.email, t.problems.email],
      [r.phone, t.problems.mobile],
      [r.password, t.problems.passwordDigits],
      [r.confirmPassword, t.problems.mismatch],
      [r.emiratesIdNumber, t.problems.emiratesId],
      [r.emiratesIdExpiry, t.problems.documentExpired],
      [r.emiratesId, t.problems.required],
      [r.emiratesIdBack, t.problems.required],
      [r.licenceExpiry, t.problems.date],
      [r.drivingLicence, t.problems.required],
    ];
    for (const [label, message] of expected) {
      const field = screen.getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    expect(screen.getByRole('checkbox', { name: r.terms })).toHaveAccessibleDescription(t.problems.terms);
    await waitFor(() => expect(screen.getByLabelText(r.fullName)).toHaveFocus());
    for (const [label, value] of Object.entries(typed))
      expect(screen.getByLabelText(label)).toHaveValue(value);
    expect(screen.getByText(plural(t.form.fieldsToCorrect, 12, lang))).toBeInTheDocument();
    expect(actor.getSnapshot().matches({ signedOut: { registration: 'editing' } })).toBe(true);
  });

  it('registration: Arabic-Indic digits count, a failed Emirates ID check digit warns but does not block', async () => {
    const { user, actor } = await renderAt(`${prefix}/registration`);
    const r = t.registration;
    await user.type(await screen.findByLabelText(r.fullName), 'مريم السويدي');
    await user.type(screen.getByLabelText(r.email), uniqueEmail('mariam.ar'));
    await user.type(screen.getByLabelText(r.phone), '٠٥٠ ١٢٣ ٤٥٦٧');
    await user.type(screen.getByLabelText(r.password), 'desert-rose-42');
    await user.type(screen.getByLabelText(r.confirmPassword), 'desert-rose-42');
    await user.type(screen.getByLabelText(r.emiratesIdNumber), '784-1990-1234567-1');
    expect(screen.getByLabelText(r.emiratesIdNumber)).toHaveAccessibleDescription(t.warnings.emiratesIdCheck);
    await user.type(screen.getByLabelText(r.emiratesIdExpiry), '٢٠٣١-٠١-٣١');
    await user.type(screen.getByLabelText(r.licenceExpiry), '2030-06-30');
    await user.upload(screen.getByLabelText(r.emiratesId), new File([PNG_BYTES], 'id.png', { type: 'image/png' }));
    await user.upload(screen.getByLabelText(r.emiratesIdBack), new File([PNG_BYTES], 'id-back.png', { type: 'image/png' }));
    await user.upload(
      screen.getByLabelText(r.drivingLicence),
      new File([PDF_BYTES], 'licence.pdf', { type: 'application/pdf' }),
    );
    // The chosen file can be seen and removed.
    await user.click(screen.getByRole('button', { name: fill(t.form.remove, { name: 'licence.pdf' }) }));
    expect(screen.queryByText('licence.pdf')).toBeNull();
    await user.upload(
      screen.getByLabelText(r.drivingLicence),
      new File([PDF_BYTES], 'licence.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('checkbox', { name: r.terms }));
    await user.click(screen.getByRole('button', { name: r.submit }));
    await waitFor(() => expect(actor.getSnapshot().matches('signedIn')).toBe(true));
    expect(actor.getSnapshot().context.renter).toMatchObject({
      phone: '+971501234567',
      emiratesId: '784-1990-1234567-1',
    });
  });

  it('registration: a document that is not what its name says is refused by the server, next to its field', async () => {
    const { user, actor } = await renderAt(`${prefix}/registration`);
    const r = t.registration;
    await user.type(await screen.findByLabelText(r.fullName), 'Mariam Al Suwaidi');
    await user.type(screen.getByLabelText(r.email), uniqueEmail('mariam.doc'));
    await user.type(screen.getByLabelText(r.phone), '050 123 4567');
    await user.type(screen.getByLabelText(r.password), 'desert-rose-42');
    await user.type(screen.getByLabelText(r.confirmPassword), 'desert-rose-42');
    await user.type(screen.getByLabelText(r.emiratesIdNumber), '784-1990-1234567-6');
    await user.type(screen.getByLabelText(r.emiratesIdExpiry), '2031-01-31');
    await user.type(screen.getByLabelText(r.licenceExpiry), '2030-06-30');
    // Named and typed as a PNG, but its bytes are text: only the server's check by content can tell.
    await user.upload(screen.getByLabelText(r.emiratesId), new File(['not a picture'], 'id.png', { type: 'image/png' }));
    await user.upload(screen.getByLabelText(r.emiratesIdBack), new File([PNG_BYTES], 'id-back.png', { type: 'image/png' }));
    await user.upload(screen.getByLabelText(r.drivingLicence), new File([PDF_BYTES], 'licence.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('checkbox', { name: r.terms }));
    await user.click(screen.getByRole('button', { name: r.submit }));
    const field = screen.getByLabelText(r.emiratesId);
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(t.problems.fileType)));
    expect(screen.getByRole('alert')).toHaveTextContent(t.errors.invalid);
    expect(actor.getSnapshot().matches({ signedOut: { registration: 'editing' } })).toBe(true);
    expect(screen.getByLabelText(r.fullName)).toHaveValue('Mariam Al Suwaidi');
  });

  it('registration when the server cannot keep documents: says so in the form, nothing typed is lost', async () => {
    const server = await testServer();
    const room = server.deps.documents.room;
    server.deps.documents.room = async () => false;
    try {
      const { user, actor } = await renderAt(`${prefix}/registration`);
      const r = t.registration;
      await user.type(await screen.findByLabelText(r.fullName), 'Mariam Al Suwaidi');
      await user.type(screen.getByLabelText(r.email), uniqueEmail('mariam.full'));
      await user.type(screen.getByLabelText(r.phone), '050 123 4567');
      await user.type(screen.getByLabelText(r.password), 'desert-rose-42');
      await user.type(screen.getByLabelText(r.confirmPassword), 'desert-rose-42');
      await user.type(screen.getByLabelText(r.emiratesIdNumber), '784-1990-1234567-6');
      await user.type(screen.getByLabelText(r.emiratesIdExpiry), '2031-01-31');
      await user.type(screen.getByLabelText(r.licenceExpiry), '2030-06-30');
      await user.upload(screen.getByLabelText(r.emiratesId), new File([PNG_BYTES], 'id.png', { type: 'image/png' }));
      await user.upload(screen.getByLabelText(r.emiratesIdBack), new File([PNG_BYTES], 'id-back.png', { type: 'image/png' }));
      await user.upload(screen.getByLabelText(r.drivingLicence), new File([PDF_BYTES], 'licence.pdf', { type: 'application/pdf' }));
      await user.click(screen.getByRole('checkbox', { name: r.terms }));
      await user.click(screen.getByRole('button', { name: r.submit }));
      expect(await screen.findByRole('alert')).toHaveTextContent(t.errors.storageFull);
      expect(actor.getSnapshot().matches({ signedOut: { registration: 'editing' } })).toBe(true);
      expect(screen.getByLabelText(r.fullName)).toHaveValue('Mariam Al Suwaidi');
    } finally {
      server.deps.documents.room = room;
    }
  });

  it('log in: empty fields are named; wrong credentials get one message that does not say which', async () => {
    const { user } = await renderAt(`${prefix}/log-in`);
    const l = t.logIn;
    await user.click(await screen.findByRole('button', { name: l.submit }));
    expect(screen.getByLabelText(l.email)).toHaveAccessibleDescription(t.problems.required);
    expect(screen.getByLabelText(l.password)).toHaveAccessibleDescription(t.problems.required);
    await waitFor(() => expect(screen.getByLabelText(l.email)).toHaveFocus());
    await user.type(screen.getByLabelText(l.email), 'nobody@example.ae');
    await user.type(screen.getByLabelText(l.password), 'wrong-password-1');
    await user.click(screen.getByRole('button', { name: l.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t.errors.wrongCredentials);
  });

  it('log in while the server has more sign-ins than it can check: says to try again, values kept', async () => {
    const server = await testServer();
    const hashing = server.deps.hashing;
    server.deps.hashing = Object.assign(() => Promise.reject(new HashingBusy(1)), { refuses: () => new HashingBusy(1) });
    try {
      const { user } = await renderAt(`${prefix}/log-in`);
      const l = t.logIn;
      await user.type(await screen.findByLabelText(l.email), 'nobody@example.ae');
      await user.type(screen.getByLabelText(l.password), 'wrong-password-1');
      await user.click(screen.getByRole('button', { name: l.submit }));
      expect(await screen.findByRole('alert')).toHaveTextContent(t.errors.busy);
      expect(screen.getByLabelText(l.email)).toHaveValue('nobody@example.ae');
    } finally {
      server.deps.hashing = hashing;
    }
  });

  describe('emergency report', () => {
    afterEach(() => vi.unstubAllGlobals());
    /** A device location service that answers like a phone: a position, or a refusal. */
    const geolocation = (answer: 'allow' | 'deny') =>
      vi.stubGlobal('navigator', {
        ...navigator,
        geolocation: {
          getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) =>
            answer === 'allow'
              ? ok({ coords: { latitude: 25.197197, longitude: 55.274376 } } as GeolocationPosition)
              : fail({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError),
        },
      });

    /** The renter's parts of the screen (scene photos, their reports) come in a chunk of their own: shown, the screen is whole. */
    const renterParts = () => screen.findByLabelText(t.emergency.photos);

    it('needs a description; "use my location" fills the coordinates; then the report reaches the rental’s company', async () => {
      geolocation('allow');
      const { user } = await renderAt(`${prefix}/emergency-assistance`, { journey: 'sample' });
      const e = t.emergency;
      await renterParts();
      await user.click(await screen.findByRole('button', { name: e.submit }));
      const description = screen.getByLabelText(e.description);
      expect(description).toHaveAccessibleDescription(t.problems.required);
      await waitFor(() => expect(description).toHaveFocus());
      await user.click(screen.getByRole('button', { name: e.useLocation }));
      expect(screen.getByLabelText(e.gps)).toHaveValue('25.19720, 55.27438');
      await user.type(description, 'Rear-ended at a traffic light.');
      await user.click(screen.getByRole('button', { name: e.submit }));
      expect((await screen.findByText(/ER-[0-9A-Z]{6}/)).textContent).toMatch(sentence(e.sent));
      expect(screen.getByText(e.sentTo)).toBeInTheDocument();
      // The renter's own list has it, received.
      const yours = await screen.findByRole('region', { name: e.yours });
      expect(within(yours).getByText(new RegExp(e.statuses.received))).toBeInTheDocument();
    });

    it('a visitor is asked to log in to send it, and loses nothing typed', async () => {
      geolocation('allow');
      const { user } = await renderAt(`${prefix}/emergency-assistance`);
      const e = t.emergency;
      const description = await screen.findByLabelText(e.description);
      await user.type(description, 'Flat tyre on the E11.');
      await user.click(screen.getByRole('button', { name: e.submit }));
      await screen.findByText(e.signIn);
      expect(description).toHaveValue('Flat tyre on the E11.');
    });

    it('when location is refused it says so, and typed coordinates (Arabic digits too) are checked', async () => {
      geolocation('deny');
      const { user } = await renderAt(`${prefix}/emergency-assistance`, { journey: 'sample' });
      const e = t.emergency;
      await renterParts();
      await user.click(await screen.findByRole('button', { name: e.useLocation }));
      const gps = screen.getByLabelText(e.gps);
      expect(gps).toHaveAccessibleDescription(e.locationDenied);
      await user.type(gps, 'near the mall');
      await user.type(screen.getByLabelText(e.description), 'Flat tyre.');
      await user.click(screen.getByRole('button', { name: e.submit }));
      expect(gps).toHaveAccessibleDescription(t.problems.coordinates);
      await user.clear(gps);
      await user.type(gps, '٢٥٫٢٠٤٨، ٥٥٫٢٧٠٨');
      await user.click(screen.getByRole('button', { name: e.submit }));
      expect((await screen.findByText(/ER-[0-9A-Z]{6}/)).textContent).toMatch(sentence(e.sent));
    });
  });

  it('account: rows are saved with the registration rules; a bad row is named and nothing is lost', async () => {
    const { user, actor } = await renderAt(`${prefix}/account`, { journey: 'sample' });
    const a = t.account;
    const phone = await screen.findByLabelText(a.phone);
    await user.clear(phone);
    await user.type(phone, '053 000 0000');
    await user.type(screen.getByLabelText(a.address), ', Villa 12');
    await user.click(screen.getByRole('button', { name: a.save }));
    expect(phone).toHaveAccessibleDescription(t.problems.mobile);
    await waitFor(() => expect(phone).toHaveFocus());
    expect(screen.queryByText(a.saved)).toBeNull();
    await user.clear(phone);
    await user.type(phone, '٠٥٥ ٩٨٧ ٦٥٤٣');
    await user.click(screen.getByRole('button', { name: a.save }));
    expect(await screen.findByText(a.saved)).toBeInTheDocument();
    expect(actor.getSnapshot().context.renter).toMatchObject({
      phone: '+971559876543',
      address: ', Villa 12',
    });
  });
});
