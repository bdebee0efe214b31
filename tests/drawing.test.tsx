import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Drawing } from '../src/ui/Drawing';

// A page that opens with one of the app's drawings carries it (build/art.ts): the drawing is then a
// <use> of the page's symbol, which paints with the page. A screen reached from another page shows
// its file. Either way it is one image with its name, of the same size.
describe('the app’s drawings', () => {
  afterEach(() => document.getElementById('art')?.remove());

  const logo = () => render(<Drawing name="logo" file="/assets/logo-x.svg" alt="Move car" width={160} height={40} />);

  it('draws from the page when the page has the drawing', () => {
    document.body.insertAdjacentHTML('afterbegin', '<svg id="art" width="0" height="0"><symbol id="art-logo" viewBox="0 0 160 40"></symbol></svg>');
    const { container } = logo();
    const image = screen.getByRole('img', { name: 'Move car' });
    expect(image.tagName).toBe('svg');
    expect(image.querySelector('use')?.getAttribute('href')).toBe('#art-logo');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['160', '40']);
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows its file when the page does not have it (another drawing in the page is not it)', () => {
    document.body.insertAdjacentHTML('afterbegin', '<svg id="art" width="0" height="0"><symbol id="art-sedan" viewBox="0 0 320 180"></symbol></svg>');
    logo();
    const image = screen.getByRole('img', { name: 'Move car' });
    expect(image.tagName).toBe('IMG');
    expect(image.getAttribute('src')).toBe('/assets/logo-x.svg');
  });
});
