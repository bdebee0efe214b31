import { useLocale } from '../../i18n/locale';
import { fill, formatDate } from '../../i18n/format';
import { useServerData } from '../../ui/serverData';
import { useSession } from '../../ui/session';
import { Section } from '../../ui/Section';
import { PhotoGallery } from '../../ui/PhotoGallery';

/** The renter's reports and where each is: the company's acknowledgement and closing note arrive live. */
export default function YourReports() {
  const { t, lang } = useLocale('emergency');
  const e = t.emergency;
  const { api } = useSession();
  const { data } = useServerData(() => api.incidents(), 'incidents', ['incidents']);
  if (!data || data.incidents.length === 0) return null;
  return (
    <Section title={e.yours}>
      <ul>
        {data.incidents.map((i) => (
          <li key={i.id}>
            <p>
              {fill(e.reportLine, {
                ref: i.reference,
                date: formatDate(new Date(i.createdAt), lang, 'dateTime'),
                status: e.statuses[i.status],
              })}
            </p>
            {i.note && <p>{fill(e.closedNote, { note: i.note })}</p>}
            {i.photos.length > 0 && <PhotoGallery ids={i.photos} alt={fill(e.reportPhotoAlt, { ref: i.reference })} of="incidents" />}
          </li>
        ))}
      </ul>
    </Section>
  );
}
