import { useLocale } from '../i18n/locale';
import { formatPlate } from '../i18n/format';

/** A car's plate in the reader's language, isolated so its Latin code and number keep their order in Arabic. */
export function Plate({ plate }: { plate: string }) {
  const { lang } = useLocale();
  return <bdi>{formatPlate(plate, lang)}</bdi>;
}
