// The words of Emergency assistance, in Arabic. Typed against ../en/emergency.ts.
import type { Words } from '../en/emergency';

const words: Words = {
  emergency: {
    call: 'اطلب المساعدة',
    police: 'الشرطة',
    ambulance: 'الإسعاف',
    roadside: 'المساعدة على الطريق',
    report: 'الإبلاغ عن حادث',
    description: 'ماذا حدث؟',
    gps: 'الموقع (GPS)',
    more: 'أشخاص أو مركبات أخرى معنية بالحادث',
    checklist: 'في موقع الحادث',
    safety: 'تأكد من سلامة الجميع: انتقل إلى مكان آمن وشغّل أضواء التحذير.',
    exchange: 'تبادل المعلومات مع السائق الآخر: الاسم والهاتف ورقم اللوحة وشركة التأمين.',
    document: 'وثّق موقع الحادث بصور للسيارات واللوحات والطريق.',
    insurance: 'عرض وثيقة التأمين على المركبة',
    useLocation: 'استخدم موقعي',
    locating: 'جارٍ تحديد موقعك…',
    locationDenied: 'تم رفض الوصول إلى الموقع. اكتب الموقع بنفسك، أو اسمح بالوصول من إعدادات المتصفح.',
    locationUnavailable: 'تعذّر تحديد موقعك. اكتبه بنفسك.',
    sent: 'تم استلام البلاغ (الرقم المرجعي {ref}). إذا كان هناك مصاب أو خطر، اتصل بالرقم 999 فورًا.',
    submit: 'إرسال البلاغ',
    sending: 'جارٍ الإرسال…',
    sentTo: 'وصل إلى شركة التأجير المالكة لسيارتك، وستردّ هنا.',
    sentToSupport: 'لا يوجد إيجار جارٍ، فوصل إلى دعم Move car، وسيردّ هنا.',
    signIn: 'سجّل الدخول لإرسال البلاغ. إذا كان هناك مصاب أو خطر، اتصل بالرقم 999 فورًا.',
    failed: 'تعذّر إرسال البلاغ. اتصل بالأرقام أعلاه؛ لن يضيع شيء مما كتبته.',
    yours: 'بلاغاتك',
    statuses: { received: 'تم الاستلام', acknowledged: 'قيد المتابعة لدى الشركة', closed: 'مغلق' },
    reportLine: '{ref}، {date}: {status}',
    closedNote: 'ملاحظة الشركة: {note}',
    shortcutLabel: 'مساعدة أثناء الإيجار',
    shortcut: 'المساعدة الطارئة',
    callRoadside: 'اتصل بالمساعدة على الطريق',
  },
};

export default words;
