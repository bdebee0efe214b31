import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { sessions } from '../server/db/schema';
import { ar } from '../src/i18n/ar';
import { en } from '../src/i18n/en';
import { renderAt, testServer } from './render';

describe.each([
  { t: en, prefix: '' },
  { t: ar, prefix: '/arabic' },
] as const)('a session that ends on the server ($prefix)', ({ t, prefix }) => {
  it('the next step says so and goes to log in; nothing of the rental shows any more', async () => {
    const { user, router, session } = await renderAt(`${prefix}/payment`, { journey: 'toPayment' });
    // Ended elsewhere (signed out on another device, or expired).
    await (await testServer()).deps.db.delete(sessions);
    await user.click(await screen.findByRole('checkbox', { name: t.payment.consent }));
    await user.click(screen.getByRole('button', { name: t.payment.pay }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${prefix}/log-in`));
    expect(await screen.findByRole('status')).toHaveTextContent(t.journey.sync.expired);
    expect(session.getState().user).toBeNull();
  });
});
