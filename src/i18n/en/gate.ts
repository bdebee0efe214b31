// The words of the staff's sign-in gate (src/ui/ManagerGate.tsx): every company screen shows it, and
// reads no other of the managers' words unless it is theirs. The same keys are in ../ar/gate.ts.

const words = {
  manager: {
    heading: 'Contract manager sign-in',
    prompt: 'These screens are for rental-company contract managers. Sign in as a manager to continue.',
    email: 'Manager e-mail',
    password: 'Password',
    submit: 'Sign in as manager',
    signingIn: 'Signing in…',
    wrong: 'The e-mail or password is not right.',
    signedInAs: 'Signed in as {name}, {company}.',
    /** The platform's operator, of no company. */
    signedInAsName: 'Signed in as {name}.',
    signOut: 'Sign out',
    notYourScreen: 'This screen is not for your role: you are signed in as {role}.',
    roles: { admin: 'a company admin', manager: 'a manager', agent: 'a branch agent', operator: 'a platform operator', renter: 'a renter' },
  },};

export type Words = typeof words;
export default words;
