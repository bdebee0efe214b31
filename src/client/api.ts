// The browser's client of the Move car API (typed from the server's routes by hono/client's types;
// only the types cross over, no server code ships). Every answer is checked before the app uses it.
import { typedClient } from './http';
import { noteServerDate } from './serverClock';
import type { ClientEvent } from '../../server/journey/events';
import type { BookingSummary, JourneyView } from '../../server/journey/bookings';
import type { PublicUser } from '../../server/auth/middleware';
import type { ContractView } from '../../server/contracts/store';
import type { SalikView, ViolationView } from '../../server/violations/store';
import type { NotificationKind, NotificationView } from '../../server/notifications/store';
import type { CompanyView } from '../../server/companies/store';
import type { HandoverSummary, HandoverView } from '../../server/handovers/routes';
import type { IncidentView } from '../../server/incidents/routes';
import type { TaxDocumentView } from '../../server/invoices/store';
import type { MailGroup } from '../../server/mail/notices';
import type { CarOffer } from '../../server/cars/routes';
import type { ImportReport } from '../../server/imports/authority';
import type { ImportJobView } from '../../server/imports/jobs';
import type { ContractSetup, ContractStatus } from '../../machines/contract';
import type { CompanyCancelReason } from '../../machines/journey-rules';
import type { Trip } from '../../machines/booking';
import type { OfferId } from '../../machines/offers';
import type { Car, CarCategory, CarId, LocationId } from '../../machines/fleet';
import type { WeekHours } from '../../machines/branches';
import type { DisplayCurrency } from '../../machines/money';
import type { TransferSettings } from '../../machines/transferSettings';
import type { CheckinInput, CheckoutInput, RegistrationInput } from '../../machines/validation';

export type {
  BookingSummary,
  CarOffer,
  ClientEvent,
  CompanyView,
  ContractView,
  HandoverSummary,
  HandoverView,
  IncidentView,
  ImportReport,
  ImportJobView,
  JourneyView,
  NotificationKind,
  NotificationView,
  PublicUser,
  SalikView,
  TaxDocumentView,
  ViolationView,
  MailGroup,
};

/** The account's notification preferences: optional kinds on or off, and each group of notices by e-mail or not. */
export interface NotificationPreferences {
  notificationsOn: boolean;
  email: Record<MailGroup, boolean>;
}

/** An authority's record that no booking of the company had at that time. */
/** A company's branch as renters read it (server/companies/store.ts). */
export interface PublicBranch {
  place: LocationId;
  name: { en: string; ar: string };
  address: { en: string; ar: string };
  lat: number;
  lng: number;
  hours: WeekHours;
}

export interface UnmatchedRecord {
  id: string;
  kind: 'fine' | 'salik';
  reference: string;
  plate: string;
  at: number;
  location: string;
  amount: number;
}

/** An answer that is not a success: its status and the server's `{ error, fields? }`. */
export interface Refusal {
  status: number;
  error: string;
  fields?: Record<string, string>;
  body: Record<string, unknown>;
}

export type Answer<T> = { ok: true; body: T } | ({ ok: false } & Refusal);

/** The browser says it has no network at all (not just a server that does not answer). */
export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** The server could not be reached at all (offline, or down). */
export class Unreachable extends Error {
  /** The device was offline when the request failed: the action needs a connection, nothing was sent. */
  readonly offline = isOffline();
  constructor() {
    super('unreachable');
  }
}

export interface ApiOptions {
  /** Where the API is: `/api` on the page's own origin, or a test server's. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

export async function answer<T>(request: Promise<Response>): Promise<Answer<T>> {
  const sentAt = Date.now();
  let response: Response;
  try {
    response = await request;
  } catch {
    throw new Unreachable();
  }
  noteServerDate(response.headers.get('date'), sentAt, Date.now());
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.ok) return { ok: true, body: body as T };
  return {
    ok: false,
    status: response.status,
    error: typeof body.error === 'string' ? body.error : 'server',
    ...(body.fields && typeof body.fields === 'object' ? { fields: body.fields as Record<string, string> } : {}),
    body,
  };
}

export interface SessionAnswer {
  user: PublicUser | null;
  journey: JourneyView | null;
  /** The branches of the company the renter's booking is with (what the pickup and return show). */
  branches: CompanyBranches | null;
  demo: boolean;
  uaePass: boolean;
}

/** A company's branches, as renters read them. */
export interface CompanyBranches {
  company: string;
  list: PublicBranch[];
}

/** The documents a renter uploads: both sides of the Emirates ID, and the driving licence. */
export type DocumentKind = 'emiratesId' | 'emiratesIdBack' | 'licence';

/** A renter's identity document as the server lists it. */
export interface DocumentEntry {
  id: string;
  kind: DocumentKind;
  contentType: string;
  size: number;
}

/** The registration form as sent: its fields, the documents themselves, the car chosen before it. */
export type RegistrationFields = Omit<RegistrationInput, 'emiratesIdFile' | 'emiratesIdBackFile' | 'licenceFile'> & {
  emiratesIdFile: Blob | null;
  emiratesIdBackFile: Blob | null;
  licenceFile: Blob | null;
  carId?: CarId;
  /** Where and when the car was chosen for (sent as form fields). */
  pickupLocation?: Trip['pickupLocation'];
  dropoffLocation?: Trip['dropoffLocation'];
  pickupAt?: number;
  dropoffAt?: number;
  /** The page's language, kept as the account's. */
  language?: 'en' | 'ar';
};

/** What the account shows the app in: its language, and the currency figures are also given in. */
export interface Preferences {
  language: 'en' | 'ar';
  currency: DisplayCurrency;
}

export function createApi({ baseUrl = '/api', fetch: fetcher }: ApiOptions = {}) {
  const client = typedClient(baseUrl, fetcher ?? ((input, init) => fetch(input, init)));
  return {
    /** The typed client itself and where it points, for the staff's own calls (./staffApi.ts: not in renters' pages). */
    typed: client,
    baseUrl,
    session: () => answer<SessionAnswer>(client.auth.session.$get()),
    register: (f: RegistrationFields) =>
      answer<{ user: PublicUser; journey: JourneyView }>(
        client.auth.register.$post({
          form: {
            fullName: f.fullName,
            email: f.email,
            phone: f.phone,
            password: f.password,
            confirmPassword: f.confirmPassword,
            emiratesId: f.emiratesId,
            emiratesIdExpiry: f.emiratesIdExpiry,
            licenceExpiry: f.licenceExpiry,
            termsAccepted: String(f.termsAccepted) as 'true' | 'false',
            ...(f.carId ? { carId: f.carId } : {}),
            ...(f.pickupLocation && f.dropoffLocation && f.pickupAt !== undefined && f.dropoffAt !== undefined
              ? { pickupLocation: f.pickupLocation, dropoffLocation: f.dropoffLocation, pickupAt: String(f.pickupAt), dropoffAt: String(f.dropoffAt) }
              : {}),
            ...(f.language ? { language: f.language } : {}),
            ...(f.emiratesIdFile ? { emiratesIdFile: f.emiratesIdFile as File } : {}),
            ...(f.emiratesIdBackFile ? { emiratesIdBackFile: f.emiratesIdBackFile as File } : {}),
            ...(f.licenceFile ? { licenceFile: f.licenceFile as File } : {}),
          },
        }),
      ),
    logIn: (json: { email: string; password: string; role: 'renter' | 'manager' | 'staff'; carId?: CarId; trip?: Trip }) =>
      answer<{ user: PublicUser; journey: JourneyView | null }>(client.auth.login.$post({ json })),
    logOut: () => answer<{ ok: true }>(client.auth.logout.$post({ json: {} })),
    /** A link to set a new password, sent by e-mail if the account exists (the answer is the same either way). */
    forgotPassword: (json: { email: string; lang: 'en' | 'ar' }) => answer<{ ok: true }>(client.auth.password.forgot.$post({ json })),
    /** Another link to confirm the signed-in account's e-mail; 429 `tooMany` past three an hour, 409 once confirmed. */
    resendVerification: (json: { lang: 'en' | 'ar' }) => answer<{ ok: true }>(client.auth.email.resend.$post({ json })),
    /** The old address's link after an e-mail change: puts it back and signs every device out; 410 `linkExpired` when used or late. */
    undoEmailChange: (json: { token: string }) => answer<{ ok: true }>(client.auth.email.undo.$post({ json })),
    /** A new password with the e-mailed link's token; 410 `linkExpired` when used or past its 30 minutes. */
    resetPassword: (json: { token: string; password: string }) => answer<{ ok: true }>(client.auth.password.reset.$post({ json })),
    /** A new password for the signed-in account; every other session of it is signed out. */
    changePassword: (json: { currentPassword: string; newPassword: string }) =>
      answer<{ ok: true }>(client.account.password.$post({ json })),
    savePreferences: (json: Preferences) => answer<Preferences>(client.account.preferences.$put({ json })),
    /** Where the browser goes to sign in with UAE PASS (a page change, not a fetch). */
    uaePassUrl: (lang: 'en' | 'ar', choice?: { carId: CarId; trip?: Trip }) =>
      `${baseUrl}/auth/uaepass/start?${new URLSearchParams({
        lang,
        ...(choice ? { carId: choice.carId } : {}),
        ...(choice?.trip ? Object.fromEntries(Object.entries(choice.trip).map(([k, v]) => [k, String(v)])) : {}),
      })}`,
    /** The renter's own bookings, newest first. */
    bookings: () => answer<{ bookings: BookingSummary[] }>(client.bookings.$get()),
    /** An offer on the booking still to be paid (or, for partner perks, the renter's code); 422 says why not. */
    redeemOffer: (id: OfferId) =>
      answer<{ journey: JourneyView } | { code: string }>(client.offers[':id'].redeem.$post({ param: { id }, json: {} })),
    /** The journey to go on with, for a renter with no booking the server can read (see readSession). */
    openJourney: () => answer<{ journey: JourneyView }>(client.bookings.current.$post({ json: {} })),
    /** One of the renter's own bookings, as it is now. */
    booking: (bookingId: string) => answer<{ journey: JourneyView }>(client.bookings[':id'].$get({ param: { id: bookingId } })),
    /** A step of the renter's journey; `currentPassword` is the proof a new e-mail needs (400 by field without it). */
    journeyEvent: (bookingId: string, event: ClientEvent, version: number, currentPassword?: string) =>
      answer<{ journey: JourneyView }>(
        client.bookings[':id'].events.$post({ param: { id: bookingId }, json: { event, version, ...(currentPassword === undefined ? {} : { currentPassword }) } }),
      ),
    /** The tax invoices and credit notes issued for a booking, in order: the renter's own, or their company's for a manager. */
    taxDocuments: (bookingId: string) =>
      answer<{ documents: TaxDocumentView[] }>(client['tax-documents'].booking[':id'].$get({ param: { id: bookingId } })),
    /** Where a tax document opens as a page to read and print, or downloads as a PDF, in `lang`. */
    taxDocumentUrl: (id: string, as: 'page' | 'pdf', lang: 'en' | 'ar') => `${baseUrl}/tax-documents/${encodeURIComponent(id)}/${as}?lang=${lang}`,
    /** Where a booking's signed agreement opens as a page, or downloads as a PDF, in `lang`. */
    agreementUrl: (bookingId: string, as: 'page' | 'pdf', lang: 'en' | 'ar') => `${baseUrl}/agreements/${encodeURIComponent(bookingId)}/${as}?lang=${lang}`,
    /** One tax invoice or credit note: the renter's own, or (for a manager) their company's. */
    taxDocument: (id: string) => answer<{ document: TaxDocumentView }>(client['tax-documents'][':id'].$get({ param: { id } })),
    documents: () =>
      answer<{ documents: DocumentEntry[] }>(
        client.documents.$get(),
      ),
    documentUrl: (id: string) => `${baseUrl}/documents/${encodeURIComponent(id)}`,
    /** The renter's fines and Salik crossings on all their bookings. */
    violations: () => answer<{ violations: ViolationView[]; salik: SalikView[] }>(client.violations.$get()),
    violationEvent: (id: string, event: Record<string, unknown> & { type: string }, version: number) =>
      answer<{ violation: ViolationView; journey?: JourneyView }>(
        client.violations[':id'].events.$post({ param: { id }, json: { event: event as never, version } }),
      ),
    companies: () => answer<{ companies: CompanyView[] }>(client.companies.$get()),
    /** The cars free for the whole trip, cheapest first (no sign-in needed); a refused trip is 400 `invalid` by field. */
    searchCars: (trip: Trip, filter: { category?: CarCategory; company?: string } = {}) =>
      answer<{ results: CarOffer[] }>(
        client.cars.search.$get({
          query: {
            pickupLocation: trip.pickupLocation,
            dropoffLocation: trip.dropoffLocation,
            pickupAt: String(trip.pickupAt),
            dropoffAt: String(trip.dropoffAt),
            ...filter,
          },
        }),
      ),
    /** A new import API key for the manager's company (shown once; the previous one stops working). */
    rotateApiKey: () => answer<{ key: string; previousUntil: number | null }>(client.companies['api-key'].$post({ json: {} })),
    contracts: (query: { q?: string; status?: ContractStatus; page?: number }) =>
      answer<{ contracts: ContractView[]; total: number; page: number; pageSize: number }>(
        client.contracts.$get({
          query: {
            ...(query.q ? { q: query.q } : {}),
            ...(query.status ? { status: query.status } : {}),
            ...(query.page ? { page: String(query.page) } : {}),
          },
        }),
      ),
    latestContract: () => answer<{ code: string | null }>(client.contracts.latest.$get()),
    contract: (code: string) =>
      answer<{
        contract: ContractView;
        freeCars: Car[];
        violations: ViolationView[];
        documents: { id: string; kind: DocumentKind }[];
      }>(
        client.contracts[':code'].$get({ param: { code } }),
      ),
    saveSetup: (code: string, setup: ContractSetup, version: number) =>
      answer<{ contract: ContractView }>(client.contracts[':code'].setup.$put({ param: { code }, json: { setup, version } })),
    saveTransferSettings: (code: string, settings: TransferSettings, version: number) =>
      answer<{ contract: ContractView }>(
        client.contracts[':code']['transfer-settings'].$put({ param: { code }, json: { settings, version } }),
      ),
    /** Queues the file: the answer is the job, whose progress `latestImport` follows. */
    importAuthorityFile: (csv: string) => answer<{ job: ImportJobView }>(client.imports.$post({ json: { csv } })),
    latestImport: () => answer<{ job: ImportJobView | null }>(client.imports.latest.$get()),
    unmatchedRecords: () => answer<{ unmatched: UnmatchedRecord[] }>(client.imports.unmatched.$get()),
    /** The renter's own incident reports, or (for a manager) the company's. */
    incidents: () => answer<{ incidents: IncidentView[] }>(client.incidents.$get()),
    reportIncident: (json: { description: string; location: string; more: string; photos?: string[] }) =>
      answer<{ incident: IncidentView }>(client.incidents.$post({ json })),
    /** A photo of the scene, kept until the report that names it. */
    uploadIncidentPhoto: (photo: File) => answer<{ photo: { id: string } }>(client.incidents.photos.$post({ form: { photo } })),
    /** The company moves a report on: acknowledged, or closed with a note (409 once closed). */
    setIncidentStatus: (id: string, json: { status: 'acknowledged' | 'closed'; note?: string }) =>
      answer<{ incident: IncidentView }>(client.incidents[':id'].status.$post({ param: { id }, json })),
    /** The company's pickups due today, for the counter. */
    handovers: () => answer<{ handovers: HandoverSummary[] }>(client.handovers.$get()),
    handover: (number: string) => answer<{ handover: HandoverView }>(client.handovers[':number'].$get({ param: { number } })),
    /** A photo of the car for the booking's handover (compress it first); the answer is its id. */
    uploadHandoverPhoto: (number: string, photo: File) =>
      answer<{ photo: { id: string } }>(client.handovers[':number'].photos.$post({ param: { number }, form: { photo } })),
    /** The counter's record of the car; the renter's journey decides it (409 refused, 400 with field problems). */
    recordCheckout: (number: string, checkout: CheckoutInput, version: number) =>
      answer<{ handover: HandoverView }>(client.handovers[':number'].checkout.$post({ param: { number }, json: { checkout, version } })),
    /** The car back: the journey prices the lines (409 refused, 400 with field problems). */
    recordCheckin: (number: string, checkin: CheckinInput, version: number) =>
      answer<{ handover: HandoverView }>(client.handovers[':number'].checkin.$post({ param: { number }, json: { checkin, version } })),
    /** The manager upholds or waives a line the renter disputed, with the reason. */
    /** A manager cancels a booking the company cannot hand over: all refunded to the renter. */
    cancelForCompany: (number: string, json: { reason: CompanyCancelReason; version: number }) =>
      answer<{ handover: HandoverView }>(client.handovers[':number'].cancel.$post({ param: { number }, json })),
    /** A manager's refund of part of one charge (amount in dirhams as typed), with the reason the renter reads. */
    refundCharge: (number: string, json: { charge: string; amount: string; reason: string; version: number }) =>
      answer<{ handover: HandoverView }>(client.handovers[':number'].refund.$post({ param: { number }, json })),
    decideDispute: (number: string, json: { line: number; outcome: 'upheld' | 'waived'; note: string; version: number }) =>
      answer<{ handover: HandoverView }>(client.handovers[':number'].decide.$post({ param: { number }, json })),
    /** The renter's own photos of the car they bring back. */
    returnPhotos: (number: string) =>
      answer<{ photos: string[] }>(client.handovers.mine[':number'].photos.$get({ param: { number } })),
    uploadReturnPhoto: (number: string, photo: File) =>
      answer<{ photo: { id: string } }>(client.handovers.mine[':number'].photos.$post({ param: { number }, form: { photo } })),
    /** A handover's photo, or an incident's. */
    photoUrl: (of: 'handovers' | 'incidents', id: string) => `${baseUrl}/${of}/photos/${encodeURIComponent(id)}`,
    sampleRental: () => answer<{ user: PublicUser; journey: JourneyView }>(client.demo['sample-rental'].$post({ json: {} })),
    notifications: () => answer<{ notifications: NotificationView[]; unread: number }>(client.notifications.$get()),
    /** Marks the user's own notifications read: these, or all; answers the unread count after. */
    markNotificationsRead: (json: { ids: string[] } | { all: true }) =>
      answer<{ unread: number }>(client.notifications.read.$post({ json })),
    notificationPreferences: () => answer<NotificationPreferences>(client.notifications.preferences.$get()),
    saveNotificationPreferences: (notificationsOn: boolean) =>
      answer<NotificationPreferences>(client.notifications.preferences.$put({ json: { notificationsOn } })),
    /** Which groups of notices also come by e-mail: those sent are saved, the others kept. */
    saveMailPreferences: (email: Partial<Record<MailGroup, boolean>>) =>
      answer<NotificationPreferences>(client.notifications.preferences.$put({ json: { email } })),
  };
}

export type Api = ReturnType<typeof createApi>;
