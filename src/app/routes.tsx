import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router-dom';
import { SCREEN_IDS, pathOf, type ScreenId } from '../i18n/paths';
import { Layout } from './Layout';

// One lazily loaded component per screen: a phone downloads only the screen it opens.
const SCREENS: Record<ScreenId, LazyExoticComponent<ComponentType>> = {
  home: lazy(() => import('../screens/home/Home')),
  registration: lazy(() => import('../screens/registration/Registration')),
  logIn: lazy(() => import('../screens/log-in/LogIn')),
  rentalContract: lazy(() => import('../screens/rental-contract/RentalContract')),
  services: lazy(() => import('../screens/services/Services')),
  contracts: lazy(() => import('../screens/contracts/Contracts')),
  transferLogic: lazy(() => import('../screens/transfer-logic/TransferLogic')),
  payment: lazy(() => import('../screens/payment/Payment')),
  carPickup: lazy(() => import('../screens/car-pickup/CarPickup')),
  trafficViolation: lazy(() => import('../screens/traffic-violation/TrafficViolation')),
  carReturn: lazy(() => import('../screens/car-return/CarReturn')),
  bookingDetails: lazy(() => import('../screens/booking-details/BookingDetails')),
  account: lazy(() => import('../screens/account/Account')),
  pastRentals: lazy(() => import('../screens/past-rentals/PastRentals')),
  helpSupport: lazy(() => import('../screens/help-support/HelpSupport')),
  notifications: lazy(() => import('../screens/notifications/Notifications')),
  offers: lazy(() => import('../screens/offers/Offers')),
  emergencyAssistance: lazy(() => import('../screens/emergency-assistance/EmergencyAssistance')),
};
const Index = lazy(() => import('../screens/index/Index'));
const NotMatch = lazy(() => import('../screens/not-match/NotMatch'));

/** Every route of the app, English and Arabic; unknown paths fall to NotMatch. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <Index /> },
      { path: 'all', element: <Index /> },
      ...SCREEN_IDS.flatMap((id) => {
        const Screen = SCREENS[id];
        return (['en', 'ar'] as const).map((lang) => ({ path: pathOf(id, lang), element: <Screen /> }));
      }),
      { path: '*', element: <NotMatch /> },
    ],
  },
];
