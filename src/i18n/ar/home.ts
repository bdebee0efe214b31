// The words of Home, in Arabic. Typed against ../en/home.ts.
import type { Words } from '../en/home';

const words: Words = {
  home: {
    heroTitle: 'تأجير السيارات في الإمارات — بسرعة وسهولة وأمان',
    heroText:
      'تجربة إيجار سلسة: سيارات فاخرة، وأسعار تنافسية بلا رسوم خفية، ودعم على مدار الساعة طوال أيام الأسبوع.',
    explore: 'استكشف السيارات',
    searchLabel: 'البحث عن السيارات',
    searchPlaceholder: 'نوع السيارة أو المكان أو التاريخ',
    featured: 'سيارات مميزة',
    changeTrip: 'اختر مواعيد أو أماكن أخرى',
    whyTitle: 'لماذا تختارنا؟',
    whyHeading: 'اكتشف الفرق بنفسك',
    points: {
      fleet: {
        title: 'أسطول متنوع',
        text: 'من السيارات الصغيرة للتنقل في المدينة إلى سيارات السيدان الفاخرة وسيارات الدفع الرباعي.',
      },
      prices: { title: 'أفضل الأسعار', text: 'أسعار يومية تنافسية مع عرض جميع الرسوم مسبقًا.' },
      support: { title: 'دعم على مدار الساعة', text: 'مساعدة عبر الهاتف أو المحادثة ليلًا ونهارًا.' },
    },
  },
};

export default words;
