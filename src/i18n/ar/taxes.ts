// الفواتير الضريبية والإشعارات الدائنة للحجز: النص العربي لـ ../en/taxes.ts.
import type { Words } from '../en/taxes';

const words: Words = {
  taxDocuments: {
    title: 'الفواتير الضريبية والإشعارات الدائنة',
    intro: 'لكل مبلغ يُحصَّل فاتورة ضريبية، ولكل مبلغ يُعاد إشعار دائن، من شركة التأجير. افتح أيًّا منها لتقرأه أو تطبعه، أو احتفظ بملف PDF.',
    none: 'لا شيء بعد: تصدر الأولى مع دفعتك.',
    kinds: { invoice: 'فاتورة ضريبية {number}', credit: 'إشعار دائن {number}' },
    issued: 'صدرت في {date}',
    open: 'فتح',
    pdf: 'PDF',
    openLabel: 'فتح {name}',
    pdfLabel: 'تنزيل {name} بصيغة PDF',
    loadFailed: 'تعذّر تحميل فواتيرك. تحقّق من اتصالك.',
  },
};

export default words;
