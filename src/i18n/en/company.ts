// The words of a company's own records as its admin keeps them (its profile: names, VAT number,
// address, support line, logo), in English. The same keys are in ../ar/company.ts.

const words = {
  company: {
    signIn: 'Sign in',
    signInHeading: 'Company admin sign-in',
    signInPrompt: 'This screen is for your company’s admin: how renters see your company and what its invoices say. Sign in to continue.',
    profile: 'Your company',
    profileText: 'Renters see the names and the logo; the VAT number, the address and the support line go on contracts and invoices.',
    nameEn: 'Name in English',
    nameAr: 'Name in Arabic',
    subtitleEn: 'Line under the name, in English (optional)',
    subtitleAr: 'Line under the name, in Arabic (optional)',
    trn: 'VAT registration number (TRN)',
    trnHint: '15 digits from your VAT certificate. Leave it empty if the company is not registered for VAT.',
    addressEn: 'Address in English',
    addressAr: 'Address in Arabic',
    supportPhone: 'Support phone',
    supportPhoneHint: 'A landline, a mobile or an 800 number renters can call.',
    save: 'Save changes',
    saving: 'Saving…',
    saved: 'Saved. Renters see the change now.',
    conflict: 'Another admin saved changes while you were editing: {fields}. What you typed is still here; save again to keep it.',
    conflictNothing: 'Another admin saved the company while you were editing. What you typed is still here; save again to keep it.',
    failed: 'That did not go through. Check your connection and try again: what you typed is kept.',
    logo: 'Logo',
    logoText: 'A JPEG, PNG or WebP picture up to 10 MB; it is resized for the screens. A wide logo on a plain background reads best.',
    logoAlt: 'The logo of {name}',
    noLogo: 'No logo yet: renters see the app’s picture for your company.',
    newLogo: 'New logo',
    upload: 'Upload logo',
    uploading: 'Uploading…',
    uploaded: 'The new logo is on your company’s card.',
    remove: 'Remove logo',
    removed: 'The logo was removed.',
    storageFull: 'The server has no room for pictures right now. Try again later.',
    loading: 'Loading…',
    loadFailed: 'Your company could not be loaded. Check your connection and try again.',
  },
};

export type Words = typeof words;
export default words;
