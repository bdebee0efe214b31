// The notifications that also come by e-mail, so a renter learns of their money, their pickup and
// their fines without opening the app: what each says (English and Arabic, the Arabic typed against
// the English), grouped as the account's preferences turn them off. A message about money carries
// the tax invoice or credit note the same step issued, as a PDF.
import { dubaiDay, dubaiTime, money } from '../invoices/words';
import { layout, type MailLang } from './words';

/** What a user may turn off by e-mail (the in-app notification stays). */
export const MAIL_GROUPS = ['bookings', 'reminders', 'fines', 'incidents'] as const;
export type MailGroup = (typeof MAIL_GROUPS)[number];

const en = {
  bookingConfirmed: { subject: 'Booking {number} is confirmed', body: 'Your booking {number} for the {model} is paid and confirmed. The rental agreement you signed and your tax invoice are attached.' },
  extensionCharged: { subject: 'Booking {number} is extended', body: 'Days added to booking {number}: {days}. {amount} was charged to your card. Your tax invoice is attached.' },
  changeCharged: { subject: 'Booking {number} has changed', body: 'Booking {number} has its new dates or places: {amount} was charged to your card. Your tax invoice is attached.' },
  changeRefunded: { subject: 'Booking {number} has changed', body: 'Booking {number} has its new dates or places: {amount} goes back to your card. Your tax credit note is attached.' },
  bookingCancelled: { subject: 'Booking {number} is cancelled', body: 'Booking {number} for the {model} is cancelled: {amount} goes back to your card, and the deposit hold is released. Your tax credit note is attached.' },
  cancelledByCompany: { subject: 'Booking {number} was cancelled by the rental company', body: 'The rental company cannot hand over the {model} for booking {number} and cancelled it: {amount} is refunded to your card in full, and the deposit hold is released.' },
  noShow: { subject: 'Booking {number} was cancelled: no-show', body: 'Nobody collected the {model} for booking {number}, so it was cancelled as a no-show: {amount} was kept under the cancellation policy, the rest goes back to your card.' },
  paymentReversed: { subject: 'A payment on booking {number} was undone', body: 'A payment on booking {number} did not go through to the end, so it was undone: {amount} goes back to your card.' },
  companyRefund: { subject: 'Booking {number}: a refund from the rental company', body: 'The rental company refunded {amount} to your card for booking {number}. Their reason: “{reason}”. Your tax credit note is attached. Your bank may take up to 10 days to show it.' },
  depositRenewed: { subject: 'Booking {number}: your deposit hold is renewed', body: 'Your bank holds {amount} for booking {number} again, now until {at} (Dubai time): a hold lasts only so long. The earlier hold is released, so only one is on your card. Nothing was charged.' },
  depositSettled: { subject: 'Booking {number}: your deposit is settled', body: 'Your rental {number} is settled: {amount} goes back to your card. The documents for what was charged or refunded are attached.' },
  carMoved: { subject: 'Booking {number} has another car', body: 'The rental company moved booking {number} from the {from} to the {model}, of the same type or better. You pay nothing more.' },
  pickupReminder: { subject: 'Your {model} is ready for pickup', body: 'Your {model} is ready for you on {at} (Dubai time). Bring your driving licence, your Emirates ID and the card you paid with.' },
  fineTransferNotice: { subject: 'A traffic fine was passed to you', body: 'A traffic fine of {amount} (code {code}) was transferred to you, with the admin fee. Pay it from your deposit, pay another way, or dispute it in Move car.' },
  consentRequested: { subject: 'A traffic fine needs your decision', body: 'A traffic fine of {amount} (code {code}) waits for your decision before it is passed to you. Accept or decline it in Move car.' },
  fineChargeScheduled: { subject: 'A traffic fine will be charged to your card', body: 'Your deposit is released, so it no longer covers a traffic fine passed to you: {amount} with the admin fee (code {code}, reference {reference}, on {date}, {place}). It will be charged to your card ending {last4} on {at} (Dubai time) unless you pay it another way or dispute it in Move car before then.' },
  fineCharged: { subject: 'A traffic fine was charged to your card', body: '{amount} for a traffic fine (code {code}, reference {reference}) was charged to your card ending {last4}. Your tax invoice is in Move car.' },
  fineDeducted: { subject: 'A fine was paid from your deposit', body: '{amount} for a traffic fine (code {code}) was paid from your security deposit.' },
  salikCharged: { subject: 'Salik tolls charged', body: '{amount} was charged for Salik tolls (crossings: {count}).' },
  salikChargeScheduled: { subject: 'Salik tolls will be charged to your card', body: 'Your deposit is released, so it no longer covers Salik tolls that came after it: {amount} with the admin fee (crossings: {count}). They will be charged to your card ending {last4} on {at} (Dubai time). Each crossing, with its time and place, is under Traffic Violations in Move car.' },
  disputeResolved: { subject: 'Your fine dispute is decided', body: 'Your dispute of the fine (code {code}) was reviewed: {outcome}.' },
  incidentUpdated: { subject: 'Your report {reference}', body: 'The rental company has {status} your report {reference}.' },
  values: {
    outcome: { upheld: 'the fine stands', cancelled: 'the fine is cancelled' },
    status: { acknowledged: 'acknowledged', closed: 'closed' },
  },
  greeting: 'Hello {name},',
  open: 'Open Move car to see it: it is also in your notifications.',
};

type Words = typeof en;
export type MailedKind = Exclude<keyof Words, 'values' | 'greeting' | 'open'>;

const ar: Words = {
  bookingConfirmed: { subject: 'تم تأكيد الحجز {number}', body: 'تم الدفع وتأكيد حجزك رقم {number} لسيارة {model}. عقد الإيجار الذي وقّعته وفاتورتك الضريبية مرفقان.' },
  extensionCharged: { subject: 'تم تمديد الحجز {number}', body: 'أيام أُضيفت إلى الحجز {number}: {days}. خُصم {amount} من بطاقتك. فاتورتك الضريبية مرفقة.' },
  changeCharged: { subject: 'تم تعديل الحجز {number}', body: 'للحجز {number} تواريخ أو أماكن جديدة: خُصم {amount} من بطاقتك. فاتورتك الضريبية مرفقة.' },
  changeRefunded: { subject: 'تم تعديل الحجز {number}', body: 'للحجز {number} تواريخ أو أماكن جديدة: يُعاد {amount} إلى بطاقتك. إشعارك الدائن الضريبي مرفق.' },
  bookingCancelled: { subject: 'تم إلغاء الحجز {number}', body: 'أُلغي الحجز {number} لسيارة {model}: يُعاد {amount} إلى بطاقتك، ويُفرج عن مبلغ التأمين المحجوز. إشعارك الدائن الضريبي مرفق.' },
  cancelledByCompany: { subject: 'ألغت شركة التأجير الحجز {number}', body: 'لا تستطيع شركة التأجير تسليم سيارة {model} للحجز {number} فألغته: يُعاد {amount} كاملًا إلى بطاقتك، ويُفرج عن مبلغ التأمين المحجوز.' },
  noShow: { subject: 'أُلغي الحجز {number} لعدم الحضور', body: 'لم يستلم أحد سيارة {model} للحجز {number}، فأُلغي لعدم الحضور: احتُفظ بمبلغ {amount} وفق سياسة الإلغاء، ويُعاد الباقي إلى بطاقتك.' },
  paymentReversed: { subject: 'أُلغيت دفعة على الحجز {number}', body: 'لم تكتمل دفعة على الحجز {number} فأُلغيت: يُعاد {amount} إلى بطاقتك.' },
  companyRefund: { subject: 'الحجز {number}: مبلغ أعادته شركة التأجير', body: 'أعادت شركة التأجير {amount} إلى بطاقتك عن الحجز {number}. السبب الذي ذكرته: «{reason}». إشعارك الدائن الضريبي مرفق. قد يستغرق ظهوره لدى بنكك حتى 10 أيام.' },
  depositRenewed: { subject: 'الحجز {number}: تجديد حجز مبلغ التأمين', body: 'يحجز بنكك {amount} للحجز {number} من جديد، حتى {at} (بتوقيت دبي)، لأن مدة الحجز محدودة. أُلغي الحجز السابق، فلا يبقى على بطاقتك إلا حجز واحد. لم يُخصم أي مبلغ.' },
  depositSettled: { subject: 'الحجز {number}: تمت تسوية مبلغ التأمين', body: 'تمت تسوية إيجارك {number}: يُعاد {amount} إلى بطاقتك. المستندات الخاصة بما خُصم أو أُعيد مرفقة.' },
  carMoved: { subject: 'للحجز {number} سيارة أخرى', body: 'نقلت شركة التأجير الحجز {number} من سيارة {from} إلى سيارة {model}، من الفئة نفسها أو أفضل. لن تدفع شيئًا إضافيًا.' },
  pickupReminder: { subject: 'سيارتك {model} جاهزة للاستلام', body: 'سيارتك {model} جاهزة لك في {at} (بتوقيت دبي). أحضر رخصة القيادة وبطاقة الهوية الإماراتية والبطاقة التي دفعت بها.' },
  fineTransferNotice: { subject: 'حُوّلت إليك مخالفة مرورية', body: 'حُوّلت إليك مخالفة مرورية بمبلغ {amount} (الرمز {code}) مع الرسوم الإدارية. ادفعها من مبلغ التأمين أو بطريقة أخرى، أو اعترض عليها في Move car.' },
  consentRequested: { subject: 'مخالفة مرورية تنتظر قرارك', body: 'مخالفة مرورية بمبلغ {amount} (الرمز {code}) تنتظر قرارك قبل تحويلها إليك. اقبلها أو ارفضها في Move car.' },
  fineChargeScheduled: { subject: 'ستُخصم مخالفة مرورية من بطاقتك', body: 'أُفرج عن مبلغ التأمين، فلم يعد يغطي مخالفة مرورية حُوّلت إليك: {amount} مع الرسوم الإدارية (الرمز {code}، المرجع {reference}، في {date}، {place}). ستُخصم من بطاقتك المنتهية بالرقم {last4} في {at} (بتوقيت دبي)، ما لم تدفعها بطريقة أخرى أو تعترض عليها في Move car قبل ذلك.' },
  fineCharged: { subject: 'خُصمت مخالفة مرورية من بطاقتك', body: 'خُصم {amount} عن مخالفة مرورية (الرمز {code}، المرجع {reference}) من بطاقتك المنتهية بالرقم {last4}. فاتورتك الضريبية في Move car.' },
  fineDeducted: { subject: 'دُفعت مخالفة من مبلغ التأمين', body: 'دُفع {amount} عن مخالفة مرورية (الرمز {code}) من مبلغ التأمين.' },
  salikCharged: { subject: 'تم احتساب رسوم سالك', body: 'احتُسب {amount} لرسوم سالك (عدد العبور: {count}).' },
  salikChargeScheduled: { subject: 'ستُخصم رسوم سالك من بطاقتك', body: 'أُفرج عن مبلغ التأمين، فلم يعد يغطي رسوم سالك التي وصلت بعده: {amount} مع الرسوم الإدارية (عدد العبور: {count}). ستُخصم من بطاقتك المنتهية بالرقم {last4} في {at} (بتوقيت دبي). تجد كل عبور بوقته ومكانه في المخالفات المرورية في Move car.' },
  disputeResolved: { subject: 'صدر قرار اعتراضك على المخالفة', body: 'رُوجع اعتراضك على المخالفة (الرمز {code}): {outcome}.' },
  incidentUpdated: { subject: 'بلاغك {reference}', body: 'حالة بلاغك {reference} لدى شركة التأجير الآن: {status}.' },
  values: {
    outcome: { upheld: 'المخالفة قائمة', cancelled: 'تم إلغاء المخالفة' },
    status: { acknowledged: 'قيد المتابعة', closed: 'مغلق' },
  },
  greeting: 'مرحبًا {name}،',
  open: 'افتح Move car لتراه: ستجده أيضًا في إشعاراتك.',
};

const NOTICE_WORDS = { en, ar } as const;

/** Which group each e-mailed kind is in; a kind not listed comes only in the app. */
export const MAIL_GROUP_OF: Record<MailedKind, MailGroup> = {
  bookingConfirmed: 'bookings',
  extensionCharged: 'bookings',
  changeCharged: 'bookings',
  changeRefunded: 'bookings',
  bookingCancelled: 'bookings',
  cancelledByCompany: 'bookings',
  noShow: 'bookings',
  paymentReversed: 'bookings',
  depositSettled: 'bookings',
  depositRenewed: 'bookings',
  companyRefund: 'bookings',
  carMoved: 'bookings',
  pickupReminder: 'reminders',
  fineTransferNotice: 'fines',
  consentRequested: 'fines',
  fineDeducted: 'fines',
  fineChargeScheduled: 'fines',
  fineCharged: 'fines',
  salikCharged: 'fines',
  salikChargeScheduled: 'fines',
  disputeResolved: 'fines',
  incidentUpdated: 'incidents',
};

export const isMailed = (kind: string): kind is MailedKind => Object.hasOwn(MAIL_GROUP_OF, kind);

/** What a notice says in `lang`, its values written out (amounts in AED, times in Dubai): an e-mail's subject and body, a push's title and text. */
export function noticeWords(lang: MailLang, kind: MailedKind, params: Record<string, string | number>) {
  const w = NOTICE_WORDS[lang];
  const value = (key: string, v: string | number): string => {
    if (key === 'amount' && typeof v === 'number') return `AED ${money(v)}`;
    if (key === 'at' && typeof v === 'number') return dubaiTime(v);
    if (key === 'date' && typeof v === 'number') return dubaiDay(v);
    if (key === 'outcome' && (v === 'upheld' || v === 'cancelled')) return w.values.outcome[v];
    if (key === 'status' && (v === 'acknowledged' || v === 'closed')) return w.values.status[v];
    return String(v);
  };
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_, key: string) => (key in params ? value(key, params[key]!) : ''));
  return { subject: fill(w[kind].subject), body: fill(w[kind].body) };
}

/** A notice's e-mail in `lang`, to `name`. */
export function noticeMail(lang: MailLang, name: string, kind: MailedKind, params: Record<string, string | number>) {
  const w = NOTICE_WORDS[lang];
  const { subject, body } = noticeWords(lang, kind, params);
  return layout(lang, subject, [w.greeting.replace('{name}', name), body, w.open]);
}
