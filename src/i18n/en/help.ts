// The words of Help & Support and its questions, in English. The same keys are in ../ar/help.ts.

const words = {
  help: {
    searchLabel: 'Search for help',
    search: 'Search for help',
    faq: 'Frequently asked questions',
    tabsLabel: 'FAQ topics',
    topics: { general: 'General', booking: 'Booking', payments: 'Payments', vehicles: 'Vehicles' },
    noResults: 'No answer matches “{query}”. Try other words or contact us.',
    contact: 'Contact us',
    contactForm: 'Contact Form',
    email: 'Email',
    phone: 'Phone',
    liveChat: 'Live Chat',
  },
  faq: {
    violation: [
      {
        q: 'How do I pay a traffic violation?',
        a: 'Open the violation and choose Security Deposit to deduct it from your deposit, or Other Methods to pay by card. The admin fee is always shown as its own line.',
      },
      {
        q: 'What happens if I don’t pay?',
        a: 'Unpaid fines are deducted from your security deposit before it is released; anything above the deposit becomes a balance due. Black points are transferred to your licence either way.',
      },
      {
        q: 'Can I dispute a violation?',
        a: 'Yes. Choose Dispute Violation and tell us why. We pause the payment while the dispute is reviewed and let you know the outcome.',
      },
    ],
    general: [
      {
        q: 'How do I book a car?',
        a: 'Pick a car on the home page, choose your dates and locations, sign the rental contract and pay. You get a booking confirmation at once.',
      },
      {
        q: 'Which payment methods do you accept?',
        a: 'Visa, Mastercard and American Express credit or debit cards. The security deposit is held on a credit card.',
      },
      {
        q: 'Can I extend my rental?',
        a: 'Yes. On Car Pickup & Rental Period choose Extend Rental; you see the price of the added days before you confirm.',
      },
    ],
    booking: [
      {
        q: 'Can I change my booking?',
        a: 'Open Booking Details and choose Modify Booking to change the dates or locations, as long as the car has not been picked up.',
      },
      {
        q: 'How do I cancel a booking?',
        a: 'Open Booking Details and choose Cancel Booking. Cancellations more than 48 hours before pickup are free.',
      },
      {
        q: 'What do I need at pickup?',
        a: 'Your Emirates ID or passport, your driving licence, and the credit card used for the booking.',
      },
    ],
    payments: [
      {
        q: 'What is included in the price?',
        a: 'The daily rate, basic insurance and VAT at 5%. Every fee is listed in the payment summary before you pay.',
      },
      {
        q: 'When is my security deposit released?',
        a: 'Within 30 days of the return when nothing is owed. Fines or Salik tolls that arrive later are deducted first, each shown with its admin fee.',
      },
      {
        q: 'How are Salik tolls charged?',
        a: 'Each Salik crossing during your rental is charged at the toll price plus a small admin fee, listed on your final invoice.',
      },
    ],
    vehicles: [
      {
        q: 'What is the minimum age to rent?',
        a: '21 years for most cars, and 25 for luxury and sports cars.',
      },
      {
        q: 'Can I drive to another emirate?',
        a: 'Yes, within the UAE. Driving to Oman needs written permission and extra insurance.',
      },
      {
        q: 'What fuel policy applies?',
        a: 'Full to full: you receive the car with a full tank and return it full. A shortfall is charged at the pump price.',
      },
    ],
  },
};

export type Words = typeof words;
export default words;
