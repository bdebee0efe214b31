import { useState } from 'react';
import { Unreachable } from '../../client/api';
import { useLocale } from '../../i18n/locale';
import { Button } from '../../ui/Button';
import { FormCard, FormError, ScreenIntro } from '../../ui/Form';
import { Stack } from '../../ui/Section';
import { useSession } from '../../ui/session';

/**
 * The old address's link after an e-mail change (Log In, `?undo=`). It asks first and posts on the
 * tap: mail scanners open every link, and opening it must not undo the owner's own change. Done or
 * not (a link used or past its days), `onAnswer` says which; the log-in form tells the renter.
 */
export function UndoEmailChange({ token, onAnswer }: { token: string; onAnswer(undone: boolean): void }) {
  const { t } = useLocale('forms', 'account');
  const u = t.emailUndo;
  const session = useSession();
  const [working, setWorking] = useState(false);
  const [failed, setFailed] = useState(false);

  const undo = async () => {
    setFailed(false);
    setWorking(true);
    try {
      const answer = await session.undoEmailChange(token);
      if (answer.ok || answer.status === 410) return onAnswer(answer.ok);
      setFailed(true);
    } catch (error) {
      if (!(error instanceof Unreachable)) throw error;
      setFailed(true);
    } finally {
      setWorking(false);
    }
  };

  return (
    <Stack>
      <ScreenIntro heading={u.heading} text={u.intro} />
      <FormCard onSubmit={() => void undo()}>
        {failed && <FormError>{u.failed}</FormError>}
        <Button type="submit" block disabled={working} aria-busy={working}>
          {working ? u.working : u.confirm}
        </Button>
      </FormCard>
    </Stack>
  );
}
