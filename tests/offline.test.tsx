import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { AppRouter } from '../src/app/routes';
import { createApi } from '../src/client/api';
import { startSession } from '../src/client/session';
import { SessionProvider } from '../src/ui/session';
import { ar } from '../src/i18n/ar';
import { en } from '../src/i18n/en';
import { memoryHistory } from './render';

describe.each([
  { t: en, path: '/home' },
  { t: ar, path: '/arabic' },
])('the server cannot be reached at start ($path)', ({ t, path }) => {
  it('the app still opens, signed out, and says so in the reader’s language', async () => {
    const api = createApi({ baseUrl: 'http://movecar.test/api', fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    const session = await startSession(api);
    expect(session.getState()).toEqual({ user: null, demo: false, uaePass: false, ready: true });
    await act(async () =>
      render(
        <SessionProvider session={session}>
          <AppRouter history={memoryHistory(path)} />
        </SessionProvider>,
      ),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(t.journey.sync.offline);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });
});
