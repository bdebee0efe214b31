import { FileText } from 'lucide-react';
import type { DocumentKind } from '../client/api';
import { useLocale } from '../i18n/locale';
import { useSession } from './session';
import styles from './DocumentList.module.css';

export interface DocumentLink {
  id: string;
  kind: DocumentKind;
}

/** Identity documents as links that open them from the server (which decides who may), or that there are none. */
export function DocumentList({ documents }: { documents: DocumentLink[] }) {
  const { t } = useLocale('account');
  const { api } = useSession();
  if (documents.length === 0) return <p>{t.account.noDocuments}</p>;
  return (
    <ul className={styles.documents}>
      {documents.map((d) => (
        <li key={d.id}>
          <a href={api.documentUrl(d.id)} target="_blank" rel="noreferrer">
            <FileText aria-hidden size={20} />
            <span>{t.account.documentKinds[d.kind]}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
