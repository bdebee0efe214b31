import { Check } from 'lucide-react';
import { stepOf, type Step } from '../../machines/steps';
import { useLocale } from '../i18n/locale';
import { useLoadedJourneyValue } from '../ui/session';
import styles from './Stepper.module.css';

type Stage = 'account' | 'contract' | 'payment' | 'pickup' | 'return';
const STAGES: Stage[] = ['account', 'contract', 'payment', 'pickup', 'return'];
const STAGE_OF: Record<Step, Stage> = {
  registration: 'account',
  logIn: 'account',
  rentalContract: 'contract',
  payment: 'payment',
  carPickup: 'pickup',
  carReturn: 'return',
};

/**
 * Where the renter is in the rental, from the machine; until the journey's code is loaded (and in a
 * prerendered page), the step on screen, which the route keeps in step with the machine.
 */
export function Stepper({ shown }: { shown: Step }) {
  const { t } = useLocale();
  const current = STAGES.indexOf(STAGE_OF[useLoadedJourneyValue(stepOf, shown)]);
  return (
    <nav aria-label={t.journey.progress} className={styles.stepper}>
      <ol className={styles.list}>
        {STAGES.map((stage, i) => (
          <li
            key={stage}
            className={styles.step}
            data-state={i < current ? 'done' : i === current ? 'current' : 'todo'}
            aria-current={i === current ? 'step' : undefined}
          >
            <span className={styles.dot} aria-hidden>
              {i < current ? <Check size={14} /> : i + 1}
            </span>
            <span className={styles.label}>{t.journey.steps[stage]}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
