import { useState } from 'react';
import { FileText, Mail, MessageCircle, Phone, type LucideIcon } from 'lucide-react';
import { useLocale } from '../../i18n/locale';
import { fill } from '../../i18n/format';
import { contactPhones, supportEmail } from '../../data/content';
import { Accordion, type QA } from '../../ui/Accordion';
import { SearchBox } from '../../ui/SearchBox';
import { Section, Stack } from '../../ui/Section';
import { Tabs } from '../../ui/Tabs';
import styles from './HelpSupport.module.css';

const TOPICS = ['general', 'booking', 'payments', 'vehicles'] as const;

export default function HelpSupport() {
  const { t } = useLocale('help');
  const h = t.help;
  const [query, setQuery] = useState('');
  const needle = query.trim().toLocaleLowerCase();
  const matches = (item: QA) => `${item.q} ${item.a}`.toLocaleLowerCase().includes(needle);
  const contacts: { label: string; href: string; Icon: LucideIcon }[] = [
    {
      label: h.contactForm,
      href: `mailto:${supportEmail}?subject=${encodeURIComponent(h.contactForm)}`,
      Icon: FileText,
    },
    { label: h.email, href: `mailto:${supportEmail}`, Icon: Mail },
    { label: h.phone, href: `tel:${contactPhones.support.replace(/\s/g, '')}`, Icon: Phone },
    // Live chat runs on WhatsApp, the channel UAE renters already use.
    {
      label: h.liveChat,
      href: `https://wa.me/${contactPhones.support.replace(/\D/g, '')}`,
      Icon: MessageCircle,
    },
  ];

  return (
    <Stack>
      <SearchBox
        label={h.searchLabel}
        placeholder={h.search}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />

      <Section title={h.faq}>
        {needle ? (
          <SearchResults
            items={TOPICS.flatMap((topic) => t.faq[topic]).filter(matches)}
            empty={fill(h.noResults, { query })}
          />
        ) : (
          <Tabs
            label={h.tabsLabel}
            items={TOPICS.map((topic) => ({
              value: topic,
              label: h.topics[topic],
              content: <Accordion items={t.faq[topic]} />,
            }))}
          />
        )}
      </Section>

      <Section title={h.contact}>
        <ul className={styles.contacts}>
          {contacts.map(({ label, href, Icon }) => (
            <li key={label}>
              <a href={href} className={styles.contact}>
                <Icon aria-hidden size={22} />
                {label}
              </a>
            </li>
          ))}
        </ul>
      </Section>
    </Stack>
  );
}

function SearchResults({ items, empty }: { items: QA[]; empty: string }) {
  return <div role="status">{items.length > 0 ? <Accordion items={items} /> : <p>{empty}</p>}</div>;
}
