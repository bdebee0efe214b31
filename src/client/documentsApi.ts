// The renter's identity documents replaced from Account, apart from the app's client (./api.ts) so that
// only the account screen carries the call.
import type { DocumentField } from '../../machines/validation';
import { answer, type Api, type DocumentEntry } from './api';

/** Sends the files given, each replacing the renter's document of its kind; answers the documents then kept. */
export const uploadDocuments = ({ typed }: Api, files: Partial<Record<DocumentField, File>>) =>
  answer<{ documents: DocumentEntry[] }>(typed.documents.$post({ form: files }));
