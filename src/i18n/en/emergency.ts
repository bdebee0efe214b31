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
    sentToSupport: 'With no rental out, it went to Move car’s support, which answers here.',
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
};

export type Words = typeof words;
export default words;
