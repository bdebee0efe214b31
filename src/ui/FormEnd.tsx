import type { ReactNode } from 'react';
import { Button } from './Button';
import { FormError } from './Form';

/**
 * The end of a form that is sent to the server (the staff's forms): why it did not go through (an
 * alert), what did (a status, always there so it is announced), and the button, busy while sending.
 */
export function FormEnd({ failure, done, sending, send, busy }: { failure: ReactNode; done: ReactNode; sending: boolean; send: string; busy: string }) {
  return (
    <>
      {failure && <FormError>{failure}</FormError>}
      <p role="status">{done}</p>
      <Button type="submit" block disabled={sending} aria-busy={sending}>
        {sending ? busy : send}
      </Button>
    </>
  );
}
