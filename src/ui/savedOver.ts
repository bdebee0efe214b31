// A staff form saved over a version (a company's profile, a car): its fields are the browser's own
// (uncontrolled), so what the server kept is written into them, and when another admin saved first the
// fields they changed are found and, where this admin left them alone, show the other admin's value.
import type { RefObject } from 'react';

export function savedOver<F extends string>(form: RefObject<HTMLFormElement | null>, fields: readonly F[]) {
  const inputOf = (f: F) => form.current?.elements.namedItem(f) as HTMLInputElement | HTMLSelectElement | null;
  const write = (f: F, value: string) => {
    const input = inputOf(f);
    if (input) input.value = value;
  };
  return {
    /** Every field shows what the server kept (a phone grouped, a model's spaces tidied). */
    show: (kept: Record<F, string>) => fields.forEach((f) => write(f, kept[f])),
    /**
     * Another admin's save came first: the fields that differ from what this form was loaded with.
     * One this admin left as loaded now shows the other admin's value (so saving again does not put
     * the old one back); one they changed keeps what they typed.
     */
    theirs: (loaded: Record<F, string>, now: Record<F, string>) => {
      const differing = fields.filter((f) => now[f] !== loaded[f]);
      for (const f of differing) if (inputOf(f)?.value === loaded[f]) write(f, now[f]);
      return differing;
    },
  };
}
