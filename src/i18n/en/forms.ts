// The words of forms: what they say of a value they refuse, in English. The same keys are in
// ../ar/forms.ts.

const words = {
  problems: {
    required: 'This is required.',
    tooLong: 'This is too long.',
    clausesMatch: 'Give each clause in both languages: the same number of lines here as in English.',
    nameTwoWords: 'Enter your first and last name.',
    nameLetters: 'Use letters only, in English or Arabic.',
    email: 'Enter an e-mail like name@example.com.',
    mobile: 'Enter a UAE mobile number, e.g. 050 123 4567.',
    passwordShort: 'Use at least 10 characters.',
    passwordDigits: 'Use letters as well as numbers.',
    passwordEmail: 'Do not use your e-mail as your password.',
    mismatch: 'The passwords do not match.',
    emiratesId: 'Enter the 15-digit number as 784\u2011YYYY\u2011NNNNNNN\u2011C.',
    fileType: 'Upload a JPEG, PNG or PDF file.',
    fileSize: 'The file is larger than 5 MB.',
    terms: 'Accept the terms and conditions to continue.',
    cardNumber: 'A card number has 13 to 19 digits.',
    cardLuhn: 'This card number is not valid. Check the digits.',
    expiry: 'Enter the expiry date as MM/YY.',
    expired: 'This card has expired.',
    cvv: 'Enter the 3-digit code on the back (4 digits on the front for Amex).',
    fuel: 'Choose the fuel level.',
    mileage: 'Enter the mileage as a whole number of kilometres.',
    mileageBelow: 'The mileage cannot be lower than at pickup ({km} km).',
    coordinates: 'Enter the location as latitude, longitude, e.g. 25.2048, 55.2708.',
    tooSoon: 'Pick-up must be at least 2 hours from now.',
    tooFar: 'Bookings open up to one year ahead.',
    beforePickup: 'The return must be after the pick-up.',
    tooShort: 'A rental is at least one day (24 hours).',
    rentalTooLong: 'A rental is 30 days at most.',
    date: 'Enter the date as YYYY-MM-DD, e.g. 2028-03-31.',
    licenceExpired: 'This driving licence has expired: the car cannot be handed over until the renter shows a valid one.',
    documentExpired: 'This document has expired: renting a car needs one that is still valid.',
    identityUnchecked: 'Compare the renter with the Emirates ID and licence first.',
    photosRequired: 'Add at least one photo of the car.',
    tooManyPhotos: 'Twelve photos at most.',
    amount: 'Enter an amount in dirhams, above zero and at most 50,000.',
    trn: 'Enter the 15-digit TRN from your VAT certificate, starting with 100.',
    phone: 'Enter a UAE phone number, e.g. 04 234 5678, 050 123 4567 or 800 1234.',
    imageType: 'Upload a JPEG, PNG or WebP picture.',
    imageSize: 'The picture is larger than 10 MB.',
    imageUnreadable: 'This picture cannot be read. Save it again as JPEG or PNG and upload it.',
  },
  /** What a refused step or a failed call says (machines/journey-rules.ts JOURNEY_ERRORS): only forms show them. */
  errors: {
    emailTaken: 'An account with this e-mail already exists. Log in instead.',
    wrongCredentials: 'The e-mail or password is not right.',
    cardDeclined: 'Your card was declined. Nothing was charged. Try another card.',
    cardGone: 'Your card on file was removed or replaced meanwhile. Nothing was charged: check the card below and pay again.',
    signatureFailed: 'The signature must match the name on your account: {name}.',
    taken: 'The car is booked by another renter for part of that time. Choose other dates.',
    carNotBack: 'Your car is not back from its last rental yet.',
    locked: 'Too many attempts. For your security, signing in is paused for 15 minutes.',
    busy: 'Move car is very busy right now. Nothing was changed: try again in a moment.',
    tooMany: 'Too many new accounts were made from this network in the last hour. Nothing was kept: try again in an hour.',
    storageFull: 'Move car cannot keep documents right now. Nothing was kept: try again later.',
    invalid: 'Please correct the fields marked below.',
    network: 'Something went wrong. Try again.',
  },
  /** Under a date-time picker: Dubai's clock, and the time picked as the page's language writes it. */
  time: { hint: 'UAE time', read: '{date}, UAE time' },
  warnings: {
    emiratesIdCheck:
      'The last digit does not match the rest of the number. Please check it; you can still continue.',
  },
};

export type Words = typeof words;
export default words;
