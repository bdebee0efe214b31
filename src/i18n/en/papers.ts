// A booking's papers as Booking Details and the company's contract list them: the signed agreement,
// the tax invoices and credit notes (the documents themselves say their words on the server).

const words = {
  papers: {
    title: 'Agreement and tax invoices',
    intro: 'The rental agreement as it was signed, and for every charge its tax invoice and every refund its credit note, from the rental company. Open one to read or print it, or keep the PDF.',
    agreement: 'Rental agreement',
    none: 'No tax invoice yet: the first comes with your payment.',
    kinds: { invoice: 'Tax invoice {number}', credit: 'Credit note {number}' },
    issued: 'Issued {date}',
    open: 'Open',
    pdf: 'PDF',
    openLabel: 'Open {name}',
    pdfLabel: 'Download {name} as a PDF',
    loadFailed: 'Your invoices could not be loaded. Check your connection.',
  },
};

export type Words = typeof words;
export default words;
