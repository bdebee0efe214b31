// An Emergency report with no rental out has no company to reach: it goes to Move car's support desk
// by e-mail (SUPPORT_EMAIL), with what the renter wrote and how to call them back. The desk answers
// in the renter's language, which the message names.
import { escapeHtml } from '../mail/words';

interface Report {
  reference: string;
  description: string;
  location: string;
  more: string;
  photos: number;
}
interface Renter {
  fullName: string;
  email: string;
  phone: string;
  language: 'en' | 'ar';
}

/** The support desk's e-mail for `report` (plain text and the same in HTML). */
export function supportIncidentMail(report: Report, renter: Renter) {
  const subject = `Emergency report ${report.reference}: no rental out`;
  const rows: [string, string][] = [
    ['Reference', report.reference],
    ['Renter', renter.fullName],
    ['Phone', renter.phone || '—'],
    ['E-mail', renter.email],
    ['Answer in', renter.language === 'ar' ? 'Arabic' : 'English'],
    ['What happened', report.description],
    // Coordinates as the phone gave them, or nothing: the renter may not have shared a location.
    ['Where', report.location || 'not given'],
    ['More', report.more || '—'],
    ['Photos of the scene', `${report.photos} kept with the report`],
  ];
  const text = [`${subject}.`, 'The renter has no rental out, so no company was told.', '', ...rows.map(([k, v]) => `${k}: ${v}`)].join('\n');
  const html = `<!doctype html>
<html lang="en" dir="ltr"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#1b1f24;line-height:1.5">
<p>${escapeHtml(subject)}. The renter has no rental out, so no company was told.</p>
<table>${rows.map(([k, v]) => `<tr><th style="text-align:start;padding-inline-end:12px;vertical-align:top">${escapeHtml(k)}</th><td dir="auto" style="white-space:pre-wrap">${escapeHtml(v)}</td></tr>`).join('')}</table>
</body></html>`;
  return { subject, text, html };
}
