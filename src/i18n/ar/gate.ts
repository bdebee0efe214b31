// The words of the staff's sign-in gate, in Arabic. Typed against ../en/gate.ts.
import type { Words } from '../en/gate';

const words: Words = {
  manager: {
    heading: 'تسجيل دخول مدير العقود',
    prompt: 'هذه الشاشات مخصصة لمديري العقود في شركات التأجير. سجّل الدخول بصفتك مديرًا للمتابعة.',
    email: 'البريد الإلكتروني للمدير',
    password: 'كلمة المرور',
    submit: 'تسجيل الدخول كمدير',
    signingIn: 'جارٍ تسجيل الدخول…',
    wrong: 'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
    signedInAs: 'تم تسجيل الدخول باسم {name}، {company}.',
    signedInAsName: 'تم تسجيل الدخول باسم {name}.',
    signOut: 'تسجيل الخروج',
    notYourScreen: 'هذه الشاشة ليست لدورك: أنت مسجّل الدخول بصفتك {role}.',
    roles: { admin: 'مسؤول شركة', manager: 'مديرًا', agent: 'موظف فرع', operator: 'مشغّل منصة', renter: 'مستأجرًا' },
  },};

export default words;
