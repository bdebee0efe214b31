// The app's history holds a navigation away from a screen with unsaved edits until the screen's
// dialog answers (src/ui/leaving.tsx): links and redirects (push, replace) and back or forward.
import { describe, expect, it } from 'vitest';
import { memoryHistory } from './render';

/** A history at /home → /transfer-logic, and the paths the app was shown after the start. */
function atTransferLogic() {
  const history = memoryHistory('/home');
  const shown: string[] = [];
  history.listen(({ location }) => shown.push(location.pathname + location.search));
  history.push('/transfer-logic');
  shown.length = 0;
  return { history, shown };
}

describe('leaving a screen with unsaved edits', () => {
  it('with no guard up, every navigation goes through', () => {
    const { history, shown } = atTransferLogic();
    history.push('/contracts');
    history.go(-1);
    expect(shown).toEqual(['/contracts', '/transfer-logic']);
    expect(history.held()).toBe(false);
  });

  it('a link is held until the answer: stay keeps the screen, leave goes where the link went', () => {
    const { history, shown } = atTransferLogic();
    history.guard(true);
    history.push('/contracts');
    expect(history.held()).toBe(true);
    expect(history.location.pathname).toBe('/transfer-logic');
    expect(shown).toEqual([]);

    history.stay();
    expect(history.held()).toBe(false);
    expect(history.location.pathname).toBe('/transfer-logic');

    history.replace('/home');
    expect(history.held()).toBe(true);
    history.leave();
    expect(history.held()).toBe(false);
    expect(history.location.pathname).toBe('/home');
    expect(shown).toEqual(['/home']);
  });

  it('back is undone and held; leave then goes back, once, and the guard holds the next move again', () => {
    const { history, shown } = atTransferLogic();
    history.guard(true);
    history.go(-1);
    expect(history.held()).toBe(true);
    expect(history.location.pathname).toBe('/transfer-logic'); // the address moved back
    expect(shown).toEqual([]);

    history.leave();
    expect(history.location.pathname).toBe('/home');
    expect(shown).toEqual(['/home']);
    // Still up (the screen decides when it comes down): forward to the screen is a move away from /home.
    history.go(1);
    expect(history.held()).toBe(true);
    expect(shown).toEqual(['/home']);
  });

  it('the same screen with another query is not leaving it; a guard taken down lets everything through', () => {
    const { history, shown } = atTransferLogic();
    history.guard(true);
    history.push('/transfer-logic?tab=2');
    expect(history.held()).toBe(false);
    history.guard(false);
    history.push('/contracts');
    expect(shown).toEqual(['/transfer-logic?tab=2', '/contracts']);
  });

  it('tells its watchers when a navigation is held and answered', () => {
    const { history } = atTransferLogic();
    const seen: boolean[] = [];
    const stop = history.watch(() => seen.push(history.held()));
    history.guard(true);
    history.push('/contracts');
    history.stay();
    stop();
    history.push('/contracts');
    expect(seen).toEqual([true, false]);
  });
});
