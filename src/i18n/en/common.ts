// The words of every page: the header, the menu, the tabs, money, the journey's notices and steps, and
// the cars as every list of cars shows them, in English. The same keys are in ../ar/common.ts.
import type { Plural } from '../format';

const words = {
  brand: 'Move car',
  language: {
    switchTo: 'العربية',
    /**
     * The header's switch, short enough for a phone: the letter ع is how Gulf apps offer Arabic, "EN"
     * the English (its accessible name, `switchLabel`, starts with "EN": a label must be in the name; a
     * lone letter is not held to that). Both are as narrow as the menu button, so the header's title
     * sits in the same place in both languages, and before the switch is read.
     */
    switchShort: 'ع',
    switchLabel: 'اقرأ هذه الصفحة بالعربية',
    name: 'English',
  },
  nav: {
    back: 'Back',
    main: 'Main',
    home: 'Home',
    search: 'Search',
    reservations: 'Reservations',
    profile: 'Profile',
    /** The header's link, with the unread count for assistive technology. */
    notifications: 'Notifications',
    notificationsUnread: 'Notifications, {count} unread',
  },
  titles: {
    home: 'Home',
    registration: 'Registration',
    logIn: 'Log In',
    rentalContract: 'Rental Contract',
    services: 'Services',
    contracts: 'Contracts',
    transferLogic: 'Contracts (Transfer Logic Configuration)',
    payment: 'Payment',
    carPickup: 'Car Pickup & Rental Period',
    trafficViolation: 'Traffic Violation',
    carReturn: 'Car Return & Security Deposit',
    bookingDetails: 'Booking Details',
    account: 'Account',
    pastRentals: 'Past Rentals',
    helpSupport: 'Help & Support',
    notifications: 'Notifications',
    offers: 'Offers',
    emergencyAssistance: 'Emergency Assistance',
    insurancePolicy: 'Insurance Policy',
    search: 'Search Cars',
    reservations: 'Reservations',
    handovers: 'Handovers',
    staff: 'Staff',
    join: 'Join your company',
    operator: 'Companies',
    dashboard: 'Today',
    company: 'Company profile',
    fleet: 'Fleet',
  },
  index: {
    intro: 'Open any screen of Move car in English or Arabic.',
    english: 'English',
    arabic: 'Arabic',
    demo: 'Reviewer demo',
    loadSample: 'Load sample rental',
    loadSampleText:
      'Demo only: signs in a new sample renter with a signed contract, a paid rental and the car picked up, so any screen can be opened.',
  },
  /** A screen whose code or words could not be fetched (app/LoadBoundary.tsx). */
  unavailable: {
    offline: 'You’re offline, and this screen is not stored on this device yet. It opens as soon as you’re back online.',
    failed: 'This screen could not be opened. Reload the page to try again.',
    reload: 'Reload the page',
  },
  notMatch: {
    heading: 'Page not found',
    body: 'The page you are looking for does not exist or has moved.',
    goHome: 'Go to the home page',
  },
  money: {
    currency: 'AED',
    perDay: '{amount}/day',
    /** An amount in the renter's chosen currency, beside the AED amount (payments stay in AED). */
    approx: '≈ {currency}\u00a0{amount}',
    codes: { USD: 'USD', SAR: 'SAR' },
  },
  price: {
    /** The price summary's rent line; {days} is `form.days` ("1 day", "3 days"). */
    rentalDays: '{days} at {rate} a day',
    vat: 'VAT (5%)',
    deposit: 'Security deposit',
  },
  /** Car categories, as every list of cars and every booking names them. */
  categories: { economy: 'Economy car', standard: 'Sedan', suv: 'SUV', luxury: 'Luxury sedan', sports: 'Sports car' },
  journey: {
    over: {
      finished: 'This rental is finished: the car is back and the deposit is settled.',
      cancelled: 'This booking was cancelled.',
      invoice: 'See the final invoice',
      findCar: 'Find another car',
    },
    progress: 'Rental progress',
    steps: {
      account: 'Account',
      contract: 'Contract',
      payment: 'Payment',
      pickup: 'Pickup',
      return: 'Return',
    },
    notice: {
      signIn: 'Log in to continue. You will come back here afterwards.',
      signContract: 'Sign your rental contract first.',
      pay: 'Pay for your rental first.',
      pickUp: 'Pick up your car first.',
      signedIn: 'You are already logged in.',
      activeRental: 'Finish your current rental before booking another car.',
      busy: 'Please wait: we are finishing your request.',
    },
    sync: {
      conflict: 'Your rental changed in another window or on another device. This is where it stands now.',
      refused: 'That step was not accepted. This is where your rental stands now.',
      unreachable: 'We could not reach Move car, so your last step was not saved. Check your connection and try again.',
      offline: 'We could not reach Move car. You can look around; signing in and every step of a rental need a connection.',
      expired: 'Your session has ended. Log in again to carry on where you were.',
      corrupt: 'Your saved rental could not be read, so we started a new one. Our team has been told.',
      foreign: 'We found saved rental data we do not recognise, so we started a new one.',
      oldVersion: 'Your saved rental was from an older version of the app, so we started a new one.',
      taken: 'This car was just booked by someone else. Here are the cars still free.',
      needsConnection: 'You’re offline. This needs a connection; what you typed is kept — try again when you’re back online.',
    },
  },
  cars: {
    rent: 'Rent',
    pricesFor: '{from} to {to}, {place}',
    oneWayFee: 'One-way fee',
    total: 'Total, VAT included',
    depositNote: 'Held on your card, not charged',
    places: '{pickup} → {dropoff}',
    rentCar: 'Rent {car}',
    failed: 'The cars could not be loaded. Check your connection and try again.',
    none: 'No car is free for these dates — try other dates or places.',
  },
  form: {
    choose: 'Choose a file',
    noFile: 'No file chosen',
    remove: 'Remove {name}',
    preview: 'Preview of {name}',
    /** How many fields a refused submit marked, announced in a live region. */
    fieldsToCorrect: { one: 'Please correct the field marked below.', other: 'Please correct the {n} fields marked below.' } as Plural,
    /** Said under every new-password field before anything is typed, so the rule never comes as a surprise. */
    passwordRule: 'At least 10 characters, not only numbers, and not your e-mail address.',
    /** A number of days, said inside sentences ({days}). */
    days: { one: '1 day', other: '{n} days' } as Plural,
    strength: 'Password strength: {level}',
    strengthLevels: { weak: 'weak', fair: 'fair', strong: 'strong' },
  },
  /** The header's menu: everything of the account, one tap away from any screen. */
  menu: {
    open: 'Menu',
    label: 'Account and help',
    account: 'My account',
    bookings: 'My bookings',
    pastRentals: 'Past rentals',
    notifications: 'Notifications',
    fines: 'Traffic fines',
    help: 'Help & support',
    emergency: 'Emergency assistance',
    logOut: 'Log out',
    logIn: 'Log in',
  },
};

export type Words = typeof words;
export default words;
