// The words of Search and Services (the fleet, the companies), in Arabic. Typed against
// ../en/search.ts.
import type { Words } from '../en/search';

const words: Words = {
  search: {
    trip: 'المكان والموعد',
    pickupLocation: 'مكان الاستلام',
    dropoffLocation: 'مكان الإرجاع',
    choosePlace: 'اختر مكانًا',
    pickupAt: 'تاريخ الاستلام ووقته',
    dropoffAt: 'تاريخ الإرجاع ووقته',
    timeHint: 'بتوقيت الإمارات',
    oneWayNote: 'إرجاع السيارة في إمارة أخرى يضيف رسوم الاتجاه الواحد وقدرها {amount} مع ضريبة القيمة المضافة.',
    oneWayApplies: 'الإرجاع في إمارة أخرى: تُضاف رسوم الاتجاه الواحد وقدرها {amount} مع ضريبة القيمة المضافة.',
    submit: 'ابحث عن السيارات',
    results: 'السيارات المتاحة في مواعيدك',
    filters: 'التصفية والترتيب',
    type: 'نوع السيارة',
    anyType: 'كل الأنواع',
    company: 'شركة التأجير',
    anyCompany: 'كل الشركات',
    sort: 'الترتيب حسب',
    sorts: { price: 'السعر: الأقل أولًا', 'price-desc': 'السعر: الأعلى أولًا' },
    count: 'عدد السيارات المتاحة: {n}',
    countOne: 'سيارة واحدة متاحة',
    loading: 'جارٍ البحث عن السيارات المتاحة…',
    noneFiltered: 'لا توجد سيارة من هذا النوع أو من هذه الشركة متاحة في هذه المواعيد.',
    showAll: 'اعرض كل السيارات',
    retry: 'حاول مرة أخرى',
    fixTrip: 'صحّح الأماكن والمواعيد أعلاه لترى السيارات المتاحة.',
  },
  services: {
    allContracts: 'كل العقود',
    companiesFailed: 'تعذّر تحميل شركات التأجير. تحقّق من اتصالك.',
    rentals: 'تأجير السيارات',
    rentalsText: 'استكشف أسطولنا من السيارات الفاخرة واعثر على السيارة المناسبة لكل رحلة.',
    viewMore: 'عرض المزيد',
    viewMoreCars: 'عرض المزيد من السيارات',
    viewMoreCompanies: 'عرض المزيد من شركات التأجير',
    companies: 'شركات التأجير',
    companiesNav: 'شريط عرض شركات التأجير',
    slide: 'الانتقال إلى الشريحة {n}',
    contracts: 'العقود',
    contractsText: 'أدِر عقود الإيجار الخاصة بك واطّلع على تفاصيلها.',
    contractSearchLabel: 'البحث في العقود',
    contractSearch: 'ابحث برقم العقد',
  },
};

export default words;
