import * as RadixRadio from '@radix-ui/react-radio-group';
import { useId } from 'react';
import styles from './RadioGroup.module.css';

export interface RadioOption {
  value: string;
  label: string;
  description?: string;
}

interface RadioGroupProps {
  label: string;
  options: RadioOption[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}

/** Radix RadioGroup: one choice; arrow keys move the choice (direction-aware). */
export function RadioGroup({ label, options, ...state }: RadioGroupProps) {
  const id = useId();
  return (
    <RadixRadio.Root className={styles.group} aria-label={label} {...state}>
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
            <label htmlFor={`${id}-${option.value}`} className={styles.label}>
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
