import * as RadixRadio from '@radix-ui/react-radio-group';
import { useId, type KeyboardEvent } from 'react';
import { useDirection } from '@radix-ui/react-direction';
import styles from './RadioGroup.module.css';

export interface RadioOption {
  value: string;
  label: string;
  description?: string;
  /** The label's language when it is not the page's (a language named in itself). */
  lang?: string;
}

interface RadioGroupProps {
  label: string;
  options: RadioOption[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}

/** Which way each arrow key moves through the options, by reading direction. */
const STEPS: Record<'ltr' | 'rtl', Record<string, number>> = {
  ltr: { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 },
  rtl: { ArrowDown: 1, ArrowLeft: 1, ArrowUp: -1, ArrowRight: -1 },
};

/**
 * Radix RadioGroup: one choice; arrow keys move focus and the choice (direction-aware, looping).
 * Radix checks an option when it receives focus while an arrow key is still down, but it moves focus
 * in a timeout: when the key is already up by then (a quick tap while the page re-renders) the choice
 * stayed behind. So the choice is made here, on the key press itself; Radix still moves the focus.
 */
export function RadioGroup({ label, options, ...state }: RadioGroupProps) {
  const id = useId();
  const dir = useDirection();
  const { onValueChange } = state;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = STEPS[dir === 'rtl' ? 'rtl' : 'ltr'][event.key];
    const from = options.findIndex((o) => o.value === (event.target as HTMLElement).getAttribute('value'));
    // With a modifier the key is the browser's or the reader's (Alt+Left is Back), not the group's.
    if (!step || from < 0 || !onValueChange || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    onValueChange(options[(from + step + options.length) % options.length]!.value);
  };
  return (
    <RadixRadio.Root className={styles.group} aria-label={label} onKeyDown={onKeyDown} {...state}>
      {options.map((option) => (
        <div key={option.value} className={styles.option}>
          <RadixRadio.Item
            id={`${id}-${option.value}`}
            value={option.value}
            className={styles.radio}
            aria-describedby={option.description ? `${id}-${option.value}-d` : undefined}
          >
            <RadixRadio.Indicator className={styles.dot} />
          </RadixRadio.Item>
          <div>
            <label htmlFor={`${id}-${option.value}`} className={styles.label} lang={option.lang}>
              {option.label}
            </label>
            {option.description && (
              <p id={`${id}-${option.value}-d`} className={styles.description}>
                {option.description}
              </p>
            )}
          </div>
        </div>
      ))}
    </RadixRadio.Root>
  );
}
