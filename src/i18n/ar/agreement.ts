// نص العقد مشترك مع الخادم الذي يطبع العقد الموقَّع (texts/).
export { default } from '../../../texts/agreement.ar';
