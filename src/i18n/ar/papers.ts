// أوراق الحجز: النص العربي لـ ../en/papers.ts.
import type { Words } from '../en/papers';

const words: Words = {
  papers: {
    title: 'العقد والفواتير الضريبية',
    intro: 'عقد الإيجار كما وُقِّع، ولكل مبلغ يُحصَّل فاتورة ضريبية ولكل مبلغ يُعاد إشعار دائن، من شركة التأجير. افتح أيًّا منها لتقرأه أو تطبعه، أو احتفظ بملف PDF.',
    agreement: 'عقد الإيجار',
    none: 'لا فاتورة ضريبية بعد: تصدر الأولى مع دفعتك.',
    kinds: { invoice: 'فاتورة ضريبية {number}', credit: 'إشعار دائن {number}' },
    issued: 'صدرت في {date}',
    open: 'فتح',
    pdf: 'ملف PDF',
    openLabel: 'فتح {name}',
    pdfLabel: 'تنزيل {name}: ملف PDF',
    loadFailed: 'تعذّر تحميل فواتيرك. تحقّق من اتصالك.',
  },
};

export default words;
