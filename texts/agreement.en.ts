// The rental agreement the renter reads before accepting and signs (machines/journey-rules.ts
// CONTRACT_VERSION): our own wording, filled with the booking's facts and the rules the app charges
// by (./agreement.ts). The same keys are in ./agreement.ar.ts; the Arabic text prevails (clause
// "law"). Shared: the contract screen reads it (src/i18n/en/agreement.ts) and the server prints the
// signed agreement with it.

const words = {
  agreement: {
    title: 'Rental agreement',
    version: 'Version {version}',
    readIn: 'اقرأ بالعربية',
    /** The language the button switches to, for assistive technology. */
    readInLang: 'ar' as 'en' | 'ar',
    signed: 'Signed electronically by {renter} on {at} (version {version}).',
    own: '{company}’s own clauses',
    printTitle: 'Rental agreement {number}',
    pdf: 'Download PDF',
    clauses: {
      parties: {
        title: '1. The parties',
        text: 'This agreement is between {company} (the company) and {renter} (the renter). It is made through Move car, which keeps the booking, the payments and this record for both.',
      },
      car: {
        title: '2. The car and the period',
        text: 'The company rents the {car} ({plate}) to the renter from {from} at {pickup} until {to} at {dropoff}. Only the renter, with a valid driving licence, may drive it.',
      },
      price: {
        title: '3. Price and payment',
        text: 'The rent is {dailyRate} a day plus 5% VAT, charged to the renter’s card when they pay. Days added later are charged at the same rate; nothing else is charged without a line the renter can see.',
      },
      deposit: {
        title: '4. Security deposit',
        text: '{deposit} is held on the renter’s card, not charged, from the pickup until the return. Charges the renter accepts, or that are upheld after a dispute, are taken from it; the rest is released within {releaseDays} days of the return.',
      },
      fuel: {
        title: '5. Fuel and mileage',
        text: 'The car comes back with the fuel it was handed over with. Each litre short is charged at the pump price, {fuelPrice} with VAT included, with no refuelling fee. Mileage is unlimited within the UAE; the car may not leave the UAE without the company’s written permission.',
      },
      insurance: {
        title: '6. Insurance and excess',
        text: 'Comprehensive insurance is included in the rent. For damage from an accident reported to the police, the renter pays at most the excess for the car’s category, {excess}; without a police report, the whole repair. The insurance policy page says what is covered and what is not.',
      },
      damage: {
        title: '7. Condition and damage',
        text: 'The company’s agent records the car’s fuel, mileage and condition with photos at pickup and at the return, and the renter confirms or flags each record. Damage at the return that the pickup record does not show is charged by the company’s price list or the repair estimate; the renter may dispute any line, and the company’s manager decides it with a reason.',
      },
      fines: {
        title: '8. Traffic fines and Salik',
        text: 'Traffic fines and Salik tolls during the rental are the renter’s. A fine is passed on with an admin fee of {fineFee}% of the fine, each Salik crossing with an admin fee of {salikFee}. The renter sees each with the authority’s reference, and may pay it from the deposit, pay another way, or dispute it.',
      },
      cancellation: {
        title: '9. Cancellation and no-show',
        text: 'Cancelling is free until 48 hours before the pickup time; later, one day’s rent with VAT ({lateFee}) is kept and the rest refunded. If nobody picks the car up within {noShowHours} hours of the pickup time, the booking is cancelled as a no-show and the same amount is kept.',
      },
      late: {
        title: '10. Late return',
        text: 'A car returned more than {grace} minutes after the agreed time is charged each started hour at a quarter of the daily rate, never more than a day’s rent for the first day; beyond a day, each started day at the daily rate; VAT on top.',
      },
      law: {
        title: '11. Governing law',
        text: 'This agreement is governed by the laws of the United Arab Emirates as applied in the Emirate of Dubai, whose courts decide any dispute. The Arabic and English texts are equal; if they differ, the Arabic text prevails.',
      },
    },
  },
};

export type Words = typeof words;
export default words;
