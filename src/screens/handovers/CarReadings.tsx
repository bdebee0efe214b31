import { FUEL_LEVELS, type FuelLevel } from '../../../machines/validation';
import { useLocale } from '../../i18n/locale';
import { fill, formatNumber } from '../../i18n/format';
import { SelectField, TextField } from '../../ui/Field';

/**
 * The odometer and the fuel as the counter reads them off the dashboard, at pickup or at return:
 * the odometer may not be below `km` (the car's last reading, or the check-out's), which `hint` says.
 */
export function CarReadings({
  km,
  hint,
  previous,
  error,
}: {
  km: number;
  hint: string;
  previous: { odometerKm: number; fuel: FuelLevel } | null;
  error: (field: string, values?: Record<string, string | number>) => string | undefined;
}) {
  const { t, lang } = useLocale('counter', 'rental');
  const k = t.counter;
  const r = t.carReturn;
  return (
    <>
      <TextField
        name="odometer"
        label={k.odometer}
        hint={fill(hint, { km: formatNumber(km, lang) })}
        error={error('odometer', { km: formatNumber(km, lang) })}
        defaultValue={previous ? String(previous.odometerKm) : undefined}
        inputMode="numeric"
        dir="ltr"
        autoComplete="off"
      />
      <SelectField
        name="fuel"
        label={k.fuel}
        placeholder={r.fuelChoose}
        options={FUEL_LEVELS.map((level) => ({ value: level, label: r.fuelLevels[level] }))}
        defaultValue={previous?.fuel ?? ''}
        error={error('fuel')}
      />
    </>
  );
}
