// What the e-mails say, in English and Arabic (the Arabic typed against the English), and the one
// layout they share: a plain text part and an HTML part whose <html> carries the language and the
// direction, so a mail app sets Arabic right to left.

const en = {
  brand: 'Move car',
  footer:
    'You receive this e-mail because of your Move car account. If it was not you, ignore it: nothing changes.',
  passwordReset: {
    subject: 'Set a new password for Move car',
    greeting: 'Hello {name},',
    body: 'Someone asked to set a new password for your Move car account. If it was you, open the link below within 30 minutes. It works once, and every device signed in to your account is then signed out.',
    action: 'Set a new password',
    notYou: 'If it was not you, ignore this e-mail: your password stays as it is.',
  },
  verifyEmail: {
    subject: 'Confirm your e-mail for Move car',
    greeting: 'Hello {name},',
    body: 'Confirm that this e-mail is yours: open the link below within 24 hours. Until then your account works, but it cannot be connected to UAE PASS by this e-mail.',
    action: 'Confirm my e-mail',
    notYou: 'If you did not give this e-mail to Move car, ignore this message: nothing is linked to it.',
  },
  accountExists: {
    subject: 'Someone tried to use your e-mail on Move car',
    greeting: 'Hello {name},',
    body: 'Someone tried to create a Move car account with this e-mail, or to move another account to it. It already belongs to your account, so nothing was made and nothing of yours changed.',
    notYou: 'If it was you, log in to Move car with this e-mail; if you forgot your password, set a new one from “Forgot your password?” on the log-in page. If it was not you, ignore this e-mail: nobody can use the address without the links we send to it.',
  },
  emailChanged: {
    subject: 'The e-mail of your Move car account was changed',
    greeting: 'Hello {name},',
    body: 'The e-mail of your Move car account was changed from this address to {email}. If it was you, there is nothing to do.',
    action: 'It was not me: put my e-mail back',
    notYou: 'If it was not you, open the link within 7 days. It puts this address back, signs every device out and stops the links sent to the new address. Then log in with your password, or set a new one from “Forgot your password?”.',
  },
  invitation: {
    subject: 'Join {company} on Move car',
    greeting: 'Hello,',
    body: '{inviter} invites you to join {company} on Move car as {role}. Open the link below within 72 hours to choose your password. It works once.',
    action: 'Join {company}',
    notYou: 'If you do not expect this, ignore this e-mail: no account is made.',
    roles: { admin: 'its admin', manager: 'a manager', agent: 'a branch agent' },
  },
};

export type MailWords = typeof en;

const ar: MailWords = {
  brand: 'Move car',
  footer: 'وصلك هذا البريد بسبب حسابك في Move car. إن لم تكن أنت، فتجاهله: لن يتغيّر شيء.',
  passwordReset: {
    subject: 'تعيين كلمة مرور جديدة لحسابك في Move car',
    greeting: 'مرحبًا {name}،',
    body: 'طلب أحدهم تعيين كلمة مرور جديدة لحسابك في Move car. إن كنت أنت، فافتح الرابط أدناه خلال 30 دقيقة. يعمل الرابط مرة واحدة، وبعدها يُسجَّل الخروج من كل جهاز مسجَّل الدخول إلى حسابك.',
    action: 'تعيين كلمة مرور جديدة',
    notYou: 'إن لم تكن أنت، فتجاهل هذا البريد: تبقى كلمة مرورك كما هي.',
  },
  verifyEmail: {
    subject: 'أكّد بريدك الإلكتروني في Move car',
    greeting: 'مرحبًا {name}،',
    body: 'أكّد أن هذا البريد الإلكتروني لك: افتح الرابط أدناه خلال 24 ساعة. حتى ذلك الحين يعمل حسابك، لكن لا يمكن ربطه بالهوية الرقمية UAE PASS عبر هذا البريد.',
    action: 'تأكيد بريدي الإلكتروني',
    notYou: 'إن لم تُعطِ هذا البريد لـ Move car، فتجاهل هذه الرسالة: لا شيء مرتبط به.',
  },
  accountExists: {
    subject: 'حاول أحدهم استخدام بريدك الإلكتروني في Move car',
    greeting: 'مرحبًا {name}،',
    body: 'حاول أحدهم إنشاء حساب في Move car بهذا البريد الإلكتروني، أو نقل حساب آخر إليه. البريد مرتبط بحسابك أصلًا، فلم يُنشأ شيء ولم يتغيّر شيء من حسابك.',
    notYou: 'إن كنت أنت، فسجّل الدخول إلى Move car بهذا البريد؛ وإن نسيت كلمة مرورك فعيّن كلمة جديدة من «نسيت كلمة المرور؟» في صفحة تسجيل الدخول. وإن لم تكن أنت، فتجاهل هذا البريد: لا يستطيع أحد استخدام العنوان دون الروابط التي نرسلها إليه.',
  },
  emailChanged: {
    subject: 'تم تغيير البريد الإلكتروني لحسابك في Move car',
    greeting: 'مرحبًا {name}،',
    body: 'تم تغيير البريد الإلكتروني لحسابك في Move car من هذا العنوان إلى {email}. إن كنت أنت، فلا حاجة لفعل أي شيء.',
    action: 'لم أكن أنا: أعيدوا بريدي الإلكتروني',
    notYou: 'إن لم تكن أنت، فافتح الرابط خلال 7 أيام. يعيد الرابط هذا العنوان، ويُسجِّل الخروج من كل جهاز، ويوقف الروابط المرسلة إلى العنوان الجديد. ثم سجّل الدخول بكلمة مرورك، أو عيّن كلمة مرور جديدة من «نسيت كلمة المرور؟».',
  },
  invitation: {
    subject: 'انضمّ إلى {company} في Move car',
    greeting: 'مرحبًا،',
    body: 'يدعوك {inviter} للانضمام إلى {company} في Move car بصفتك {role}. افتح الرابط أدناه خلال 72 ساعة لتختار كلمة مرورك. يعمل الرابط مرة واحدة.',
    action: 'الانضمام إلى {company}',
    notYou: 'إن لم تكن تنتظر هذه الدعوة، فتجاهل هذا البريد: لن يُنشأ أي حساب.',
    roles: { admin: 'مسؤولًا عنها', manager: 'مديرًا', agent: 'موظف فرع' },
  },
};

export const MAIL_WORDS = { en, ar } as const;
export type MailLang = keyof typeof MAIL_WORDS;

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * A message of paragraphs and, before the last, one button (its link also written out in the text
 * part); a notice has no button (a background job knows no address the renter uses: the app has it).
 */
export function layout(
  lang: MailLang,
  subject: string,
  paragraphs: string[],
  action?: { label: string; href: string },
) {
  const w = MAIL_WORDS[lang];
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const text = [
    ...paragraphs.slice(0, -1),
    ...(action ? [`${action.label}: ${action.href}`] : []),
    paragraphs.at(-1)!,
    '',
    `— ${w.brand}`,
    w.footer,
  ].join('\n\n');
  const p = (t: string) => `<p style="margin:0 0 16px">${escapeHtml(t)}</p>`;
  const html = `<!doctype html>
<html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:system-ui,-apple-system,'Segoe UI','Noto Sans Arabic',sans-serif;color:#1b1f24;line-height:1.5">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px;text-align:start">
<p style="margin:0 0 16px;font-weight:700;font-size:20px">${escapeHtml(w.brand)}</p>
${paragraphs.slice(0, -1).map(p).join('\n')}
${action ? `<p style="margin:24px 0"><a href="${escapeHtml(action.href)}" style="background:#0b6e4f;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>` : ''}
${p(paragraphs.at(-1)!)}
<p style="margin:24px 0 0;font-size:13px;color:#5b6470">${escapeHtml(w.footer)}</p>
</div></body></html>`;
  return { subject, text, html };
}

/** The e-mail with the link that confirms the address is the account's. */
export function verifyEmailMail(lang: MailLang, name: string, href: string) {
  const w = MAIL_WORDS[lang].verifyEmail;
  return layout(lang, w.subject, [w.greeting.replace('{name}', name), w.body, w.notYou], { label: w.action, href });
}

/** The owner's notice that someone tried to register with their e-mail, or move another account to it. */
export function accountExistsMail(lang: MailLang, name: string) {
  const w = MAIL_WORDS[lang].accountExists;
  return layout(lang, w.subject, [w.greeting.replace('{name}', name), w.body, w.notYou]);
}

/** The old address's notice of an e-mail change, with the link that undoes it. */
export function emailChangedMail(lang: MailLang, name: string, email: string, href: string) {
  const w = MAIL_WORDS[lang].emailChanged;
  return layout(lang, w.subject, [w.greeting.replace('{name}', name), w.body.replace('{email}', email), w.notYou], { label: w.action, href });
}

/** The e-mail with the link to set a new password. */
export function passwordResetMail(lang: MailLang, name: string, href: string) {
  const w = MAIL_WORDS[lang].passwordReset;
  return layout(lang, w.subject, [w.greeting.replace('{name}', name), w.body, w.notYou], {
    label: w.action,
    href,
  });
}

/** The e-mail that invites someone to a company's staff, with the link to join. */
export function invitationMail(
  lang: MailLang,
  words: { company: string; inviter: string; role: keyof MailWords['invitation']['roles'] },
  href: string,
) {
  const w = MAIL_WORDS[lang].invitation;
  const fill = (text: string) =>
    text.replace('{company}', words.company).replace('{inviter}', words.inviter).replace('{role}', w.roles[words.role]);
  return layout(lang, fill(w.subject), [w.greeting, fill(w.body), w.notYou], { label: fill(w.action), href });
}
