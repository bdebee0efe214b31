import { Fragment, type ReactNode } from 'react';

/** Fills a catalog string's `{name}` placeholders with elements, e.g. an amount with its sign. */
export function Fill({ text, values }: { text: string; values: Record<string, ReactNode> }) {
  // split() with a capture group puts the placeholder names at the odd indexes.
  const parts = text.split(/\{(\w+)\}/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>{i % 2 === 1 ? (values[part] ?? `{${part}}`) : part}</Fragment>
      ))}
    </>
  );
}
