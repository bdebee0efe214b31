import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { renderAt } from './render';
import { ar } from '../src/i18n/ar';
import { en } from '../src/i18n/en';

// Radix gets its direction from DirectionProvider: under RTL the horizontal arrows swap meaning.
const DIRECTIONS = [
  { dir: 'ltr', prefix: '', t: en, next: '{ArrowRight}', prev: '{ArrowLeft}' },
  { dir: 'rtl', prefix: '/arabic', t: ar, next: '{ArrowLeft}', prev: '{ArrowRight}' },
] as const;

/**
 * Radix radios move focus in a timeout and check the radio on focus only while the arrow is still
 * down, as it is for a person. user-event releases keys at once, so hold the key until focus moves.
 */
async function holdArrow(user: UserEvent, key: string, target: HTMLElement) {
  const name = key.slice(1, -1);
  await user.keyboard(`{${name}>}`);
  await waitFor(() => expect(target).toHaveFocus());
  await user.keyboard(`{/${name}}`);
}

describe.each(DIRECTIONS)('keyboard, $dir', ({ prefix, t, next, prev }) => {
  it('help tabs: first selected; arrows move along the reading direction; Home and End jump', async () => {
    const { user } = await renderAt(`${prefix}/help-support`);
    const list = await screen.findByRole('tablist', { name: t.help.tabsLabel });
    const tab = (name: string) => within(list).getByRole('tab', { name });
    const { general, booking, payments, vehicles } = t.help.topics;
    expect(tab(general)).toHaveAttribute('aria-selected', 'true');

    await user.click(tab(general));
    await user.keyboard(next);
    expect(tab(booking)).toHaveAttribute('aria-selected', 'true');
    expect(tab(booking)).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent(t.faq.booking[0]!.q);
    await user.keyboard(next);
    expect(tab(payments)).toHaveAttribute('aria-selected', 'true');
    await user.keyboard(prev);
    expect(tab(booking)).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(tab(vehicles)).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(tab(general)).toHaveAttribute('aria-selected', 'true');
  });

  it('violation FAQ accordion: Enter opens a row, Space closes it', async () => {
    const { user } = await renderAt(`${prefix}/traffic-violation`);
    const question = await screen.findByRole('button', { name: t.faq.violation[1]!.q });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    question.focus();
    await user.keyboard('{Enter}');
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(t.faq.violation[1]!.a)).toBeVisible();
    await user.keyboard(' ');
    expect(question).toHaveAttribute('aria-expanded', 'false');
  });

  it('transfer switches start off and Space flips each on its own', async () => {
    const { user } = await renderAt(`${prefix}/transfer-logic`, { manager: true });
    const notify = await screen.findByRole('switch', { name: t.transferLogic.notify });
    const consent = screen.getByRole('switch', { name: t.transferLogic.requireConsent });
    expect(notify).not.toBeChecked();
    expect(consent).not.toBeChecked();
    notify.focus();
    await user.keyboard(' ');
    expect(notify).toBeChecked();
    expect(consent).not.toBeChecked();
    await user.keyboard(' ');
    expect(notify).not.toBeChecked();
  });

  it('transfer mode: one radio group, arrow keys move the choice', async () => {
    const { user } = await renderAt(`${prefix}/transfer-logic`, { manager: true });
    const group = await screen.findByRole('radiogroup', { name: t.transferLogic.mode });
    const automatic = within(group).getByRole('radio', { name: t.transferLogic.automatic });
    const manual = within(group).getByRole('radio', { name: t.transferLogic.manual });
    expect(automatic).toBeChecked();
    await user.click(automatic);
    await holdArrow(user, next, manual);
    expect(manual).toBeChecked();
    expect(automatic).not.toBeChecked();
    await holdArrow(user, prev, automatic);
    expect(automatic).toBeChecked();
    await holdArrow(user, '{ArrowDown}', manual);
    expect(manual).toBeChecked();
  });
});
