import { useCallback, useState } from 'react';
import { Unreachable } from '../client/api';

/**
 * One request at a time from a form or a button: `sending` while it is out (its button says so and
 * waits). `call` resolves to the server's answer, or to null when the server could not be reached (the
 * caller says so and keeps what was typed); anything else thrown is a fault of ours, and is thrown on.
 */
export function useSending() {
  const [sending, setSending] = useState(false);
  const call = useCallback(async <T,>(request: () => Promise<T>): Promise<T | null> => {
    setSending(true);
    try {
      return await request();
    } catch (error) {
      if (!(error instanceof Unreachable)) throw error;
      return null;
    } finally {
      setSending(false);
    }
  }, []);
  return { sending, call };
}
