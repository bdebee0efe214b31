import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '../src/app/routes';

/**
 * Renders the whole app (layout, lazy screens) at a path, in a memory router. The render is awaited
 * inside act: the Arabic catalog and the screens suspend, and React 19 only resumes a suspended
 * first render from an awaited act scope.
 */
export async function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = await act(async () => render(<RouterProvider router={router} />));
  return { ...view, router, user };
}
