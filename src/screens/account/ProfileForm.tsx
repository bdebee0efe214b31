import { useRef, useState } from 'react';
import { isOffline } from '../../client/api';
import { normaliseEmail, type Renter } from '../../../machines/renter';
import { profileProblems, type ProfileInput, type Problem } from '../../../machines/validation';
import { useLocale } from '../../i18n/locale';
import { fill } from '../../i18n/format';
import { useJourney, useJourneySelector } from '../../ui/journey';
import { useSession, useSessionState } from '../../ui/session';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Done, FormCard, FormError } from '../../ui/Form';
import { useProblems } from '../../ui/problems';
import { Facts } from '../../ui/Section';
import { useSending } from '../../ui/useSending';

/** A field's problem: a rule of the form, or the server on the proof a new e-mail needs. */
type Code = Problem | 'wrongPassword' | 'signInAgain';

/**
 * The renter's profile. Name, phone and address are the journey's step, applied at once. A new e-mail
 * is proved first (server/auth/proof.ts): the current password, asked as soon as the e-mail differs,
 * or for an account without one a UAE PASS log-in made minutes ago; the old address is told, with a
 * link that undoes it.
 */
export function ProfileForm({ renter }: { renter: Renter }) {
  const { t } = useLocale('account');
  const a = t.account;
  const c = a.emailChange;
  const journey = useJourney();
  const session = useSession();
  const { user } = useSessionState();
  const stepProblems = useJourneySelector((s) => s.context.profileErrors);
  const form = useRef<HTMLFormElement>(null);
  // The e-mail change's own problems, by field, until the next submit.
  const [asked, setAsked] = useState<Partial<Record<string, Code>> | null>(null);
  const problems = asked ?? stepProblems;
  const { message, summary } = useProblems<Code>(form, problems, undefined, { wrongPassword: c.wrongPassword, signInAgain: c.signInAgain });
  const [saved, setSaved] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [newEmail, setNewEmail] = useState(false);
  const { sending, call } = useSending();
  const withPassword = user?.signsInWithEmail ?? true;
  const edited = () => {
    setSaved(null);
    setFailure(null);
  };

  const changeEmail = async (profile: ProfileInput, currentPassword: string) => {
    const found: Partial<Record<string, Code>> = profileProblems(profile);
    if (withPassword && currentPassword === '') found.currentPassword = 'required';
    setAsked(found);
    if (Object.keys(found).length > 0) return;
    const email = normaliseEmail(profile.email);
    const answer = await call(() => session.changeEmail({ ...profile, email }, withPassword ? currentPassword : undefined));
    if (!answer) return; // unreachable: the notice at the top says so, the fields keep what was typed
    if (answer.ok) {
      setAsked(null);
      setNewEmail(false);
      setSaved(fill(c.saved, { email }));
      return;
    }
    if (answer.fields) return setAsked(answer.fields as Partial<Record<string, Code>>);
    if (answer.error === 'locked') setFailure(c.locked);
  };

  return (
    <FormCard
      ref={form}
      onSubmit={({ text }) => {
        const profile = { fullName: text('name'), phone: text('phone'), email: text('email'), address: text('address') };
        edited();
        if (normaliseEmail(profile.email) !== renter.email) return void changeEmail(profile, text('currentPassword'));
        setAsked(null);
        journey.send({ type: 'account.update', profile });
        // Offline, the step is not saved: the notice at the top says so, and the fields keep what was typed.
        const refused = Object.keys(journey.getSnapshot().context.profileErrors).length > 0;
        setSaved(refused || isOffline() ? null : a.saved);
      }}
    >
      {summary}
      <TextField label={a.name} name="name" defaultValue={renter.fullName} autoComplete="name" onChange={edited} error={message(problems.fullName)} />
      <TextField label={a.phone} name="phone" type="tel" defaultValue={renter.phone} dir="ltr" onChange={edited} error={message(problems.phone)} />
      <TextField
        label={a.email}
        name="email"
        type="email"
        defaultValue={renter.email}
        dir="ltr"
        onChange={(e) => {
          edited();
          setNewEmail(normaliseEmail(e.currentTarget.value) !== renter.email);
        }}
        error={message(problems.email)}
      />
      {newEmail && withPassword && (
        <TextField
          label={c.currentPassword}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          hint={c.currentPasswordHint}
          onChange={edited}
          error={message(problems.currentPassword)}
        />
      )}
      {newEmail && !withPassword && <p>{c.uaePassNote}</p>}
      <TextField label={a.address} name="address" defaultValue={renter.address ?? ''} onChange={edited} error={message(problems.address)} />
      <Facts
        rows={[
          // Only what the renter gave: the licence is on file (listed under Documents), no made-up expiry.
          { label: a.licence, value: a.licenceOnFile },
        ]}
      />
      {saved && <Done>{saved}</Done>}
      {failure && <FormError>{failure}</FormError>}
      <Button type="submit" block disabled={sending} aria-busy={sending}>
        {a.save}
      </Button>
    </FormCard>
  );
}
