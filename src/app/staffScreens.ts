// The company's screens, behind one more import: the entry (what every page, Home first, runs) then
// names only this module, not each staff screen's chunks and styles, so a company screen added costs
// a renter's page nothing. A staff page's prerendered HTML preloads what it needs, so it waits for no
// extra round trip on a first visit.
import type { ComponentType } from 'react';
import type { StaffScreenId } from '../i18n/paths';

export const STAFF_SCREENS: Record<StaffScreenId, () => Promise<{ default: ComponentType }>> = {
  contracts: () => import('../screens/contracts/Contracts'),
  transferLogic: () => import('../screens/transfer-logic/TransferLogic'),
  handovers: () => import('../screens/handovers/Handovers'),
  staff: () => import('../screens/staff/Staff'),
  join: () => import('../screens/join/Join'),
  operator: () => import('../screens/operator/Operator'),
  dashboard: () => import('../screens/dashboard/Dashboard'),
  company: () => import('../screens/company/Company'),
  fleet: () => import('../screens/fleet/Fleet'),
};
