import type { Lang } from '../i18n/en';
import { useLocale } from '../i18n/locale';
import { useServerData } from './contract';
import { useSession } from './session';

/** Company names by id, in the reader's language or `lang` (the companies are the server's records). */
export function useCompanyNames(lang?: Lang): Record<string, string> {
  const { api } = useSession();
  const page = useLocale().lang;
  const { data } = useServerData(() => api.companies(), 'companies');
  return Object.fromEntries((data?.companies ?? []).map((c) => [c.id, c.name[lang ?? page]]));
}
