// The staff's own calls (a company's admin, an invitee, the platform's operator), apart from the
// app's client (./api.ts) so that renters' pages do not carry them.
import type { StaffRole } from '../../machines/roles';
import { answer, type PublicUser, type TaxDocumentView } from './api';
import type { Client } from './http';
import type { DashboardView } from '../../server/dashboard/routes';
import type { CompanyProfile } from '../../server/companies/profile';
import type { Block, CarBooking, FleetCar } from '../../server/cars/fleet';
import type { BranchView } from '../../server/branches/routes';
import type { BranchInput } from '../../machines/branches';
import type { BlockInput, CarInput } from '../../machines/cars';
import type { CarStatus } from '../../machines/fleet';

export type { DashboardView, CompanyProfile, FleetCar, Block, CarBooking, BranchView };
/** What a period's documents of one kind add up to. */
export interface DocumentSums {
  net: number;
  vat: number;
  total: number;
}
/** A car's page: the car, the paid bookings that still need it and its maintenance blocks to come. */
export interface CarPageData {
  car: FleetCar;
  bookings: CarBooking[];
  blocks: Block[];
}
/** A paid booking that still needs a car the admin would take out of service. */
export interface NeedingBooking {
  number: string;
  from: number;
  until: number;
}
export type ExportKind = 'bookings' | 'contracts' | 'fines' | 'invoices';

export { STAFF_ROLES, type StaffRole } from '../../machines/roles';
export interface StaffPerson {
  id: string;
  fullName: string;
  email: string;
  role: StaffRole;
  /** An agent's branches (ids); none: all of the company's. */
  branches: string[];
  since: number;
}
export interface StaffInvitation {
  id: string;
  email: string;
  role: StaffRole;
  expiresAt: number;
}
export interface InvitationView {
  email: string;
  role: StaffRole;
  company: { id: string; name: { en: string; ar: string } };
}
export interface OperatorCompany {
  id: string;
  name: { en: string; ar: string };
  suspended: boolean;
  staff: number;
}

/** The calls of the staff screens, over the app's typed client (`api.typed`). */
export function staffApi(client: Client, baseUrl: string) {
  return {
    /** The admin's company: its people and the invitations still open. */
    staff: () => answer<{ staff: StaffPerson[]; invitations: StaffInvitation[] }>(client.staff.$get()),
    /** An invitation e-mailed to one address for one role (72 hours, single use). */
    invite: (json: { email: string; role: StaffRole; lang: 'en' | 'ar' }) =>
      answer<{ invitation: StaffInvitation }>(client.staff.invitations.$post({ json })),
    withdrawInvitation: (id: string) => answer<{ ok: true }>(client.staff.invitations[':id'].$delete({ param: { id } })),
    /** A new role for one of the company's people (their sessions end); 409 `lastAdmin` for the only admin. */
    /** The branches an agent works at (none: all); 400 `branches: notAgent | unknownBranch`. */
    setBranches: (id: string, branches: string[]) =>
      answer<{ person: StaffPerson }>(client.staff[':id'].branches.$put({ param: { id }, json: { branches } })),
    changeRole: (id: string, role: StaffRole) =>
      answer<{ person: StaffPerson }>(client.staff[':id'].$patch({ param: { id }, json: { role } })),
    revoke: (id: string) => answer<{ ok: true }>(client.staff[':id'].revoke.$post({ param: { id }, json: {} })),
    /** What an invitation's link is for; 410 `linkExpired` when used, withdrawn or past its time. */
    invitation: (token: string) => answer<InvitationView>(client.invitations.$get({ query: { token } })),
    acceptInvitation: (json: { token: string; fullName: string; password: string; language: 'en' | 'ar' }) =>
      answer<{ user: PublicUser; journey: null }>(client.invitations.accept.$post({ json })),
    /** The company's day: pickups and returns, cars out and overdue, what waits, this month and the last. */
    dashboard: () => answer<DashboardView>(client.dashboard.$get()),
    /** Where the browser downloads a CSV of the company's records over a range of Dubai days. */
    exportUrl: (query: { kind: ExportKind; from: string; to: string }) => `${baseUrl}/dashboard/export?${new URLSearchParams(query)}`,
    /** The company's tax invoices and credit notes issued from `from` to `to` (Dubai days), newest first, with their sums. */
    companyDocuments: (query: { from: string; to: string }) =>
      answer<{ documents: TaxDocumentView[]; invoiced: DocumentSums; credited: DocumentSums }>(client.dashboard.documents.$get({ query })),
    /** The admin's company as kept (names, TRN, address, support line, logo) and the version to save over. */
    company: () => answer<{ company: CompanyProfile }>(client.company.$get()),
    /** 409 `conflict` with the values now kept when another admin saved first. */
    saveCompany: (json: Omit<CompanyProfile, 'id' | 'logo'>) => answer<{ company: CompanyProfile }>(client.company.$put({ json })),
    uploadLogo: (logo: File, version: number) =>
      answer<{ company: CompanyProfile }>(client.company.logo.$post({ form: { logo, version: String(version) } })),
    removeLogo: (version: number) => answer<{ company: CompanyProfile }>(client.company.logo.$delete({ query: { version: String(version) } })),
    /** The admin's company's branches. */
    branches: () => answer<{ branches: BranchView[] }>(client.branches.$get()),
    /** A new branch; 400 `place: placeTaken` where the company has one already. */
    addBranch: (json: BranchInput) => answer<{ branch: BranchView }>(client.branches.$post({ json })),
    /** A branch saved over its version; 409 with the branch as it is now when another admin saved first. */
    saveBranch: (id: string, json: BranchInput & { version: number }) =>
      answer<{ branch: BranchView }>(client.branches[':id'].$put({ param: { id }, json })),
    /** The admin's company's cars, whatever their status. */
    fleet: () => answer<{ cars: FleetCar[] }>(client.fleet.$get()),
    /** One of them, with the paid bookings that still need it and its maintenance blocks to come. */
    fleetCar: (id: string) => answer<CarPageData>(client.fleet[':id'].$get({ param: { id } })),
    /** 400 by field (`plateTaken` on the number when another car has the plate). */
    addCar: (json: CarInput) => answer<{ car: FleetCar }>(client.fleet.$post({ json })),
    /** 409 `conflict` with the car as kept now, or `bookings` with the paid bookings a status change would break. */
    saveCar: (id: string, json: CarInput & { status: CarStatus; version: number }) =>
      answer<{ car: FleetCar }>(client.fleet[':id'].$put({ param: { id }, json })),
    /** 400 by field; 409 `held` with the paid bookings and blocks in that time. */
    blockCar: (id: string, json: BlockInput) => answer<CarPageData>(client.fleet[':id'].blocks.$post({ param: { id }, json })),
    /** 400 `to` when the car is not one to move to; 409 `taken` or `changed` with the page as it is now. */
    moveBooking: (id: string, number: string, to: string) =>
      answer<CarPageData>(client.fleet[':id'].bookings[':number'].move.$post({ param: { id, number }, json: { to } })),
    /** 400 `photo` (`imageType`, `imageSize`, `imageUnreadable`, `photoLimit`); 409 `conflict` with the page as it is now; 507 when the disk is full. */
    addCarPhoto: (id: string, photo: File, version: number) =>
      answer<CarPageData>(client.fleet[':id'].photos.$post({ param: { id }, form: { photo, version: String(version) } })),
    removeCarPhoto: (id: string, n: number, version: number) =>
      answer<CarPageData>(client.fleet[':id'].photos[':n'].$delete({ param: { id, n: String(n) }, query: { version: String(version) } })),
    unblockCar: (id: string, blockId: string) =>
      answer<CarPageData>(client.fleet[':id'].blocks[':blockId'].$delete({ param: { id, blockId } })),
    /** The operator's list of companies. */
    operatorCompanies: () => answer<{ companies: OperatorCompany[] }>(client.operator.companies.$get()),
    createCompany: (json: { nameEn: string; nameAr: string; subtitleEn: string; subtitleAr: string; adminEmail: string; lang: 'en' | 'ar' }) =>
      answer<{ company: OperatorCompany }>(client.operator.companies.$post({ json })),
    /** Another invitation to be a company's admin. */
    inviteAdmin: (id: string, json: { adminEmail: string; lang: 'en' | 'ar' }) =>
      answer<{ ok: true }>(client.operator.companies[':id'].admins.$post({ param: { id }, json })),
    suspendCompany: (id: string) => answer<{ ok: true }>(client.operator.companies[':id'].suspend.$post({ param: { id }, json: {} })),
    reinstateCompany: (id: string) => answer<{ ok: true }>(client.operator.companies[':id'].reinstate.$post({ param: { id }, json: {} })),
  };
}
