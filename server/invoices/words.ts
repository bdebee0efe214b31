// What a tax invoice or credit note says, in English and Arabic (the Arabic typed against the English),
// and the one reading of a document both its page and its PDF draw: the title, who supplies whom,
// the lines as a table and the totals, every figure in AED with Latin digits in both languages.
import { toDubaiInput } from '../../machines/booking';
import type { TaxItem } from '../../machines/taxDocuments';
import type { TaxDocumentView } from './store';

const en = {
  brand: 'Move car',
  title: { invoice: 'Tax Invoice', credit: 'Tax Credit Note' },
  number: 'Number',
  issued: 'Date of issue',
  supplied: 'Date of supply',
  booking: 'Booking',
  adjusts: 'Adjusts tax invoice',
  supplier: 'Supplier',
  recipient: 'Issued to',
  trn: 'TRN {trn}',
  noTrn: 'TRN: not given by the company yet',
  lines: 'Lines',
  columns: {
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    vatRate: 'VAT rate',
    vat: 'VAT',
    amount: 'Amount',
  },
  outOfScope: 'Outside VAT',
  net: 'Total excluding VAT',
  vat: 'Total VAT',
  total: { invoice: 'Total payable', credit: 'Total credited' },
  currency: 'All amounts are in UAE dirhams (AED). Lines outside VAT are paid to the authority on the renter’s behalf, or compensation for damage.',
  other: 'اقرأ بالعربية',
  pdf: 'Download PDF',
  print: 'Print it from your browser’s menu, or keep the PDF.',
  items: {
    rental: 'Car rental: {model}, {days} days',
    fees: 'Fees',
    discount: 'Offer discount',
    extension: 'Added days: {model}, {days} days',
    change: 'New booking dates or places',
    cancellationRefund: 'Refund on cancellation',
    unusedDays: 'Unused days after an early return: {days}',
    companyRefund: 'Refunded by the rental company: {reason}',
    fine: 'Traffic fine paid on the renter’s behalf {reference}',
    salik: 'Salik tolls paid on the renter’s behalf',
    adminFee: { fine: 'Admin fee for the traffic fine', salik: 'Admin fee for Salik' },
    fuel: 'Fuel to refill: {count} litres',
    late: { hour: 'Late return: {count} hours', day: 'Late return: {count} days', none: 'Late return' },
    damage: 'Damage found at the return',
  },
};

export type DocumentWords = typeof en;

const ar: DocumentWords = {
  brand: 'Move car',
  title: { invoice: 'فاتورة ضريبية', credit: 'إشعار دائن ضريبي' },
  number: 'الرقم',
  issued: 'تاريخ الإصدار',
  supplied: 'تاريخ التوريد',
  booking: 'الحجز',
  adjusts: 'يعدّل الفاتورة الضريبية',
  supplier: 'المورِّد',
  recipient: 'صادرة إلى',
  trn: 'الرقم الضريبي {trn}',
  noTrn: 'الرقم الضريبي: لم تقدّمه الشركة بعد',
  lines: 'البنود',
  columns: {
    description: 'البيان',
    quantity: 'الكمية',
    unitPrice: 'سعر الوحدة',
    vatRate: 'نسبة الضريبة',
    vat: 'الضريبة',
    amount: 'المبلغ',
  },
  outOfScope: 'خارج نطاق الضريبة',
  net: 'الإجمالي دون ضريبة القيمة المضافة',
  vat: 'إجمالي ضريبة القيمة المضافة',
  total: { invoice: 'المبلغ المستحق', credit: 'المبلغ المُعاد' },
  currency: 'جميع المبالغ بالدرهم الإماراتي. البنود الخارجة عن نطاق الضريبة مبالغ تُدفع للجهة المختصة نيابةً عن المستأجر، أو تعويض عن ضرر.',
  other: 'Read in English',
  pdf: 'تنزيل ملف PDF',
  print: 'اطبعها من قائمة المتصفح، أو احتفظ بملف PDF.',
  items: {
    rental: 'إيجار {days} أيام للسيارة {model}',
    fees: 'رسوم',
    discount: 'خصم العرض',
    extension: 'أيام إضافية: {days} أيام للسيارة {model}',
    change: 'تواريخ أو أماكن جديدة للحجز',
    cancellationRefund: 'استرداد عند الإلغاء',
    unusedDays: 'أيام غير مستخدمة بعد الإرجاع المبكر: {days}',
    companyRefund: 'أعادته شركة التأجير: {reason}',
    fine: 'مخالفة مرورية دُفعت نيابةً عن المستأجر {reference}',
    salik: 'رسوم سالك دُفعت نيابةً عن المستأجر',
    adminFee: { fine: 'رسوم إدارية على المخالفة المرورية', salik: 'رسوم إدارية على سالك' },
    fuel: 'وقود لإعادة التعبئة: {count} لترات',
    late: { hour: 'تأخير في الإرجاع: {count} ساعات', day: 'تأخير في الإرجاع: {count} أيام', none: 'تأخير في الإرجاع' },
    damage: 'ضرر وُجد عند الإرجاع',
  },
};

export const DOCUMENT_WORDS = { en, ar } as const;
export type DocumentLang = keyof typeof DOCUMENT_WORDS;

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => String(params[key] ?? ''));

/** Fils as AED with two decimals and Latin digits, whatever the language (DOMAIN: ar-AE-u-nu-latn). */
export const money = (fils: number) =>
  new Intl.NumberFormat('en-AE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(fils / 100);

/** A day in Dubai as dd/mm/yyyy, from the one Dubai clock reading (machines/booking.ts). */
export const dubaiDay = (ms: number) => {
  const [y, m, d] = toDubaiInput(ms).slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

/** A Dubai date and time as dd/mm/yyyy hh:mm. */
export const dubaiTime = (ms: number) => `${dubaiDay(ms)} ${toDubaiInput(ms).slice(11, 16)}`;

function itemText(w: DocumentWords, item: TaxItem): string {
  switch (item.kind) {
    case 'rental':
    case 'extension':
      return fill(w.items[item.kind], { model: item.model, days: item.days });
    case 'unusedDays':
      return fill(w.items.unusedDays, { days: item.days });
    case 'companyRefund':
      return fill(w.items.companyRefund, { reason: item.reason });
    case 'fine':
      return fill(w.items.fine, { reference: item.reference ?? '' }).trim();
    case 'adminFee':
      return w.items.adminFee[item.of];
    case 'fuel':
      return fill(w.items.fuel, { count: item.count ?? '' });
    case 'late':
      return item.unit === 'hour' || item.unit === 'day' ? fill(w.items.late[item.unit], { count: item.count ?? '' }) : w.items.late.none;
    default:
      return w.items[item.kind];
  }
}

/** A document as it reads in `lang`: what the page and the PDF both draw. */
export function readDocument(doc: TaxDocumentView, lang: DocumentLang) {
  const w = DOCUMENT_WORDS[lang];
  const s = doc.supplier;
  const name = lang === 'ar' ? s.nameAr : s.nameEn;
  const address = lang === 'ar' ? s.addressAr || s.addressEn : s.addressEn || s.addressAr;
  return {
    lang,
    dir: lang === 'ar' ? ('rtl' as const) : ('ltr' as const),
    brand: w.brand,
    title: w.title[doc.kind],
    facts: [
      [w.number, doc.number],
      [w.issued, dubaiDay(doc.issuedAt)],
      [w.supplied, dubaiDay(doc.suppliedAt)],
      [w.booking, doc.bookingNumber],
      ...(doc.adjusts ? [[w.adjusts, doc.adjusts]] : []),
    ] as [string, string][],
    supplier: { label: w.supplier, lines: [name, ...(address ? [address] : []), s.trn ? fill(w.trn, { trn: s.trn }) : w.noTrn] },
    recipient: { label: w.recipient, lines: [doc.renterName] },
    linesLabel: w.lines,
    columns: [w.columns.description, w.columns.quantity, w.columns.unitPrice, w.columns.vatRate, w.columns.vat, w.columns.amount],
    rows: doc.lines.map((l) => [
      itemText(w, l.item),
      String(l.quantity),
      money(l.unitPrice),
      l.vatRate === null ? w.outOfScope : `${l.vatRate}%`,
      money(l.vat),
      money(l.net + l.vat),
    ]),
    totals: [
      [w.net, money(doc.net)],
      [w.vat, money(doc.vat)],
      [w.total[doc.kind], `AED ${money(doc.total)}`],
    ] as [string, string][],
    note: w.currency,
    other: w.other,
    pdf: w.pdf,
    print: w.print,
  };
}
export type DocumentReading = ReturnType<typeof readDocument>;
