import { useState } from 'react';
import { useLocale } from '../../i18n/locale';
import { fill } from '../../i18n/format';
import { cardOnFile, forgetCard } from '../../client/cardApi';
import { useSession } from '../../ui/session';
import { useServerData } from '../../ui/serverData';
import { Button } from '../../ui/Button';
import { Done, FormError } from '../../ui/Form';
import { Section } from '../../ui/Section';

/**
 * The card the renter agreed to keep with the provider, what it is kept for, and the way to remove it
 * (refused, saying why, while a booking paid with it is open).
 */
export function CardOnFile() {
  const { t } = useLocale('account', 'forms');
  const c = t.account.card;
  const { api } = useSession();
  const saved = useServerData(() => cardOnFile(api), 'cardOnFile');
  const [outcome, setOutcome] = useState<'removed' | 'inUse' | 'failed' | null>(null);
  const card = saved.data?.card ?? null;

  const remove = async () => {
    const answer = await forgetCard(api).catch(() => null);
    if (answer?.ok) {
      saved.replace({ card: null });
      return setOutcome('removed');
    }
    setOutcome(answer && !answer.ok && answer.body.error === 'cardInUse' ? 'inUse' : 'failed');
  };

  return (
    <Section title={c.title}>
      {card ? (
        <>
          <p>{fill(c.shown, { brand: c.brands[card.brand], last4: card.last4, expiry: card.expiry })}</p>
          <p>{c.consent}</p>
          <Button variant="secondary" onClick={() => void remove()}>
            {c.remove}
          </Button>
        </>
      ) : (
        saved.data && outcome !== 'removed' && <p>{c.none}</p>
      )}
      {outcome === 'removed' && <Done>{c.removed}</Done>}
      {outcome === 'inUse' && <FormError>{c.inUse}</FormError>}
      {outcome === 'failed' && <FormError>{t.errors.network}</FormError>}
    </Section>
  );
}
