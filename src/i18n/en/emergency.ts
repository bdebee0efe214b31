// The words of Emergency assistance, in English. The same keys are in ../ar/emergency.ts.

const words = {
  emergency: {
    call: 'Call for help',
    police: 'Police',
    ambulance: 'Ambulance',
    roadside: 'Roadside Assistance',
    report: 'Report Incident',
    description: 'What happened?',
    gps: 'GPS location',
    more: 'Other people or vehicles involved',
    photos: 'Photos of the scene',
    photosHint: 'The cars, their plates and the road, if it is safe to take them (up to {max}).',
    addPhotos: 'Take or add photos',
    uploading: 'Uploading photos…',
    photosCount: 'Photos added: {n}',
    photoAlt: 'Photo {n} of the scene',
    reportPhotoAlt: 'Report {ref}: photo {n}',
    photoFailed: 'The photo could not be kept. Check your connection and try again.',
    checklist: 'At the scene',
    safety: 'Ensure everyone’s safety: move to a safe place and switch on the hazard lights.',
    exchange: 'Exchange information with the other driver: name, phone, plate and insurer.',
    document: 'Document the scene with photos of the cars, plates and road.',
    insurance: 'View Insurance Policy',
    useLocation: 'Use my location',
    locating: 'Finding your location…',
    locationDenied:
      'Location access was refused. Type the location instead, or allow access in your browser settings.',
    locationUnavailable: 'Your location could not be found. Type it instead.',
    sent: 'Report received (reference {ref}). If anyone is hurt or in danger, call 999 now.',
    submit: 'Submit Report',
    sending: 'Sending…',
    sentTo: 'It went to the rental company of your car, which answers here.',
    sentToSupport: 'With no rental out, it went to Move car’s support desk, which calls you back on your phone number.',
    signIn: 'Log in to send a report. If anyone is hurt or in danger, call 999 now.',
    failed: 'The report could not be sent. Call the numbers above; nothing you typed is lost.',
    yours: 'Your reports',
    statuses: { received: 'Received', acknowledged: 'Acknowledged: the company is on it', closed: 'Closed' },
    reportLine: '{ref}, {date}: {status}',
    closedNote: 'The company’s note: {note}',
    /** The entry kept on screen while a rental is active. */
    shortcutLabel: 'Help on the road',
    shortcut: 'Emergency assistance',
    callRoadside: 'Call roadside assistance',
  },
  policy: {
    coverTitle: 'What every rental includes',
    cover:
      'Comprehensive motor insurance from the car’s rental company, in the daily rate at no extra cost: damage to the car you rent, and third-party liability for injury and damage to others, as UAE law requires.',
    excessTitle: 'Your excess',
    excessText: 'The most you pay for the damage of one accident reported to the police, by the car’s category:',
    notDeposit:
      'The excess is not the security deposit: the deposit is held on your card during the rental and released after the return, less any charges you accepted.',
    conditionsTitle: 'The cover holds when',
    conditions: [
      'Every accident or damage, even a small one, is reported to the police (call 999, or 901 when nobody is hurt) and you keep the report: in the UAE no claim is paid without one.',
      'The driver is the renter named in the contract, with a valid driving licence.',
      'Nobody drives under alcohol or drugs, races, or leaves paved roads (unless the car is a 4×4 and the company allows it).',
      'The car stays in the UAE: Oman needs the company’s written permission and cover.',
    ],
    withoutTitle: 'Without a police report',
    without:
      'You pay the whole repair: by the company’s price list for common damage, or the repair estimate, taken from the deposit with your agreement or disputed at the return.',
    returnTitle: 'At the return',
    returnText:
      'The company’s agent records any damage with photos and prices it. If it came from an accident you reported, dispute the line and give the police report’s number: the company’s manager decides it under this policy, and you are told.',
    report: 'Report an incident',
  },
};

export type Words = typeof words;
export default words;
