import type { CompanyView } from '../client/api';
import type { Lang } from '../i18n/en';
import { useLocale } from '../i18n/locale';
import { useServerData } from './serverData';
import { useSession } from './session';

/** The companies as renters see them (the server's records); empty until they have come. */
export function useCompanies(): CompanyView[] {
  const { api } = useSession();
  return useServerData(() => api.companies(), 'companies').data?.companies ?? [];
}

/** Company names by id, in the reader's language or `lang`. */
export function useCompanyNames(lang?: Lang): Record<string, string> {
  const page = useLocale().lang;
  return Object.fromEntries(useCompanies().map((c) => [c.id, c.name[lang ?? page]]));
}
