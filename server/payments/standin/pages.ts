// The stand-in provider's own pages (its hosted card page, its 3-D Secure challenge), in English and
// Arabic as the provider's are: plain HTML, no script, nothing loaded from elsewhere.

export type PageLanguage = 'en' | 'ar';

export const PAGE_TEXT = {
  en: {
    title: 'Pay Move car',
    secure: 'Test payment page (stand-in for the provider)',
    amount: 'Amount',
    number: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'CVC',
    name: 'Name on card',
    pay: 'Pay',
    back: 'Cancel and go back to Move car',
    challengeTitle: 'Confirm it is you',
    challengeText: (last4: string) => `Your bank asks you to confirm this payment with the card ending ${last4}.`,
    complete: 'Confirm',
    fail: 'Cancel the check',
    closed: 'This payment page is closed.',
    continue: 'Continue',
    errors: {
      incomplete: 'Check the expiry date and the CVC.',
      incorrect_number: 'Your card number is incorrect.',
      expired_card: 'Your card has expired.',
      generic_decline: 'Your card was declined.',
      insufficient_funds: 'Your card has insufficient funds.',
      payment_intent_authentication_failure: 'Your bank could not confirm it was you.',
    } as Record<string, string>,
  },
  ar: {
    title: 'الدفع لـ Move car',
    secure: 'صفحة دفع تجريبية (بديلة عن مزوّد الدفع)',
    amount: 'المبلغ',
    number: 'رقم البطاقة',
    expiry: 'تاريخ الانتهاء (شهر/سنة)',
    cvc: 'رمز التحقق',
    name: 'الاسم على البطاقة',
    pay: 'ادفع',
    back: 'إلغاء والعودة إلى Move car',
    challengeTitle: 'أكّد أنك صاحب البطاقة',
    challengeText: (last4: string) => `يطلب مصرفك تأكيد هذه الدفعة بالبطاقة المنتهية بـ ${last4}.`,
    complete: 'تأكيد',
    fail: 'إلغاء التحقق',
    closed: 'صفحة الدفع هذه مغلقة.',
    continue: 'متابعة',
    errors: {
      incomplete: 'تحقق من تاريخ الانتهاء ورمز التحقق.',
      incorrect_number: 'رقم البطاقة غير صحيح.',
      expired_card: 'انتهت صلاحية بطاقتك.',
      generic_decline: 'رُفضت بطاقتك.',
      insufficient_funds: 'رصيد بطاقتك غير كافٍ.',
      payment_intent_authentication_failure: 'لم يتمكن مصرفك من التحقق من هويتك.',
    } as Record<string, string>,
  },
};

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function shell(lang: PageLanguage, title: string, body: string) {
  return `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1a1a2e}main{max-width:26rem;margin:2rem auto;background:#fff;padding:1.5rem;border-radius:12px}
label{display:block;margin-top:1rem;font-weight:600}input{width:100%;box-sizing:border-box;padding:.7rem;margin-top:.3rem;font-size:1rem;border:1px solid #888;border-radius:8px}
button{margin-top:1.2rem;width:100%;padding:.8rem;font-size:1rem;border:0;border-radius:8px;background:#4b3fd1;color:#fff}button.secondary{background:#eee;color:#1a1a2e}
p.error{color:#a00;font-weight:600}small{color:#555}a{color:#4b3fd1}.amount{font-size:1.4rem;font-weight:700}</style></head><body><main>${body}</main></body></html>`;
}

const aed = (fils: number) => `AED ${(fils / 100).toFixed(2)}`;

export function cardPage({ session, lang, error, values }: { session: { id: string; amount_total: number | null; cancel_url: string | null; description: string }; lang: PageLanguage; error: string | null; values: { name?: string; expiry?: string } }) {
  const t = PAGE_TEXT[lang];
  const problem = error ? `<p class="error" role="alert" id="problem">${escape(t.errors[error] ?? t.errors.generic_decline!)}</p>` : '';
  const invalid = error ? ' aria-invalid="true" aria-describedby="problem"' : '';
  return shell(
    lang,
    t.title,
    `<h1>${escape(t.title)}</h1><small>${escape(t.secure)}</small>
<p>${escape(session.description)}</p><p>${escape(t.amount)}: <span class="amount" dir="ltr">${aed(session.amount_total ?? 0)}</span></p>${problem}
<form method="post" action="/pay/${escape(session.id)}">
<label for="number">${escape(t.number)}</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" dir="ltr" required${invalid} autofocus>
<label for="expiry">${escape(t.expiry)}</label><input id="expiry" name="expiry" autocomplete="cc-exp" dir="ltr" placeholder="MM/YY" required value="${escape(values.expiry ?? '')}">
<label for="cvc">${escape(t.cvc)}</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" dir="ltr" required>
<label for="name">${escape(t.name)}</label><input id="name" name="name" autocomplete="cc-name" value="${escape(values.name ?? '')}">
<button type="submit">${escape(t.pay)} ${aed(session.amount_total ?? 0)}</button></form>
<p><a href="${escape(session.cancel_url ?? '/')}">${escape(t.back)}</a></p>`,
  );
}

export function challengePage({ session, lang, last4 }: { session: { id: string }; lang: PageLanguage; last4: string }) {
  const t = PAGE_TEXT[lang];
  return shell(
    lang,
    t.challengeTitle,
    `<h1>${escape(t.challengeTitle)}</h1><small>${escape(t.secure)}</small><p>${escape(t.challengeText(last4))}</p>
<form method="post" action="/3ds/${escape(session.id)}"><button type="submit" name="outcome" value="complete">${escape(t.complete)}</button>
<button type="submit" name="outcome" value="fail" class="secondary">${escape(t.fail)}</button></form>`,
  );
}

export function closedPage(lang: PageLanguage, next: string) {
  const t = PAGE_TEXT[lang];
  return shell(lang, t.title, `<h1>${escape(t.closed)}</h1><p><a href="${escape(next)}">${escape(t.continue)}</a></p>`);
}
