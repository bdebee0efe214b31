// A booking's tax invoices and credit notes as Booking Details and the company's contract list them
// (the documents themselves say their words on the server: server/invoices/words.ts).

const words = {
  taxDocuments: {
    title: 'Tax invoices and credit notes',
    intro: 'Every charge has its tax invoice and every refund its credit note, from the rental company. Open one to read or print it, or keep the PDF.',
    none: 'None yet: the first comes with your payment.',
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
