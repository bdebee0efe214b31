// The insurance every rental includes, on a page of its own (Emergency's "View Insurance Policy").
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderAt } from './render';
import { ar } from '../src/i18n/ar';
import { en } from '../src/i18n/en';

/** The value cell next to a label in a label/value list (a <dt>/<dd> pair). */
const valueOf = async (label: string) => (await screen.findByText(label, { selector: 'dt' })).nextElementSibling as HTMLElement;

describe('the insurance policy', () => {
  it.each([
    ['/emergency-assistance', en],
    ['/arabic/emergency-assistance', ar],
  ] as const)('%s: the insurance policy is a page of its own: the excess by category, apart from the deposit, and a police report first', async (path, t) => {
    const { user, router } = await renderAt(path);
    await user.click(await screen.findByRole('link', { name: t.emergency.insurance }));
    expect(await screen.findByRole('heading', { level: 1, name: t.titles.insurancePolicy })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path.replace('emergency-assistance', 'insurance-policy'));
    const excess = screen.getByRole('region', { name: t.policy.excessTitle });
    // Economy AED 1,000.00 to sports AED 7,500.00: not the deposits (AED 750.00 to 5,000.00).
    expect(await valueOf(t.categories.economy)).toHaveTextContent('1,000.00');
    expect(await valueOf(t.categories.sports)).toHaveTextContent('7,500.00');
    expect(within(excess).getByText(t.policy.notDeposit)).toBeInTheDocument();
    expect(screen.getByText(t.policy.conditions[0]!)).toBeInTheDocument();
  });
});
