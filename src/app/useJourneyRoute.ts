import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isStep, stepOf, whyNot } from '../../machines/steps';
import type { JourneySnapshot } from '../../machines/journey';
import type { Lang } from '../i18n/en';
import { pathOf, type Resolved } from '../i18n/paths';
import { useLoadedJourney, useSession, useSessionState, type RedirectNotice } from '../ui/session';

/**
 * Keeps the URL and the journey machine in agreement, both ways:
 * - URL → machine: opening a step's path (typed, bookmarked, back/forward) sends `xstate.route`; when
 *   the machine refuses, the URL is replaced by the step that is due, with the reason as a notice.
 * - machine → URL: when the journey advances on its own (a payment goes through), the app navigates
 *   to the new step's path in the current language.
 * Each direction compares before acting, and route events are marked so they never echo back.
 * Both wait for the journey's code: a step's screen loads it; until then nothing can move it.
 */
function useJourneyRoute(resolved: Resolved, lang: Lang) {
  const session = useSession();
  const actor = useLoadedJourney();
  // Until the server has said who this is (a hydrated page), the journey shown is a visitor's: the
  // URL and the machine are compared once it is the user's own.
  const { ready } = useSessionState();
  const navigate = useNavigate();
  const location = useLocation();
  const routing = useRef(false);
  const here = useRef({ lang, path: location.pathname });
  useEffect(() => {
    here.current = { lang, path: location.pathname };
  }, [lang, location.pathname]);

  const urlStep = resolved.kind === 'screen' && isStep(resolved.id) ? resolved.id : null;

  // URL → machine, on every navigation (location.key changes even for the same path).
  useEffect(() => {
    if (!actor || !urlStep || !ready) return;
    const before = actor.getSnapshot();
    if (stepOf(before) === urlStep) return;
    routing.current = true;
    actor.send({ type: 'xstate.route', to: `#${urlStep}` });
    routing.current = false;
    const now = stepOf(actor.getSnapshot());
    if (now !== urlStep) {
      const why = before.hasTag('pending') ? 'busy' : whyNot(urlStep, before.context);
      const state: RedirectNotice = { notice: why ?? undefined };
      navigate(pathOf(now, lang), { replace: true, state });
    }
  }, [actor, navigate, urlStep, lang, location.key, ready]);

  // machine → URL, when the journey moves on (a new step, or a new booking) for any reason other
  // than a route event, and the URL is not already there. Followed through the session, so a journey
  // whose code a tap has just loaded (Rent on Home) is followed from its first step.
  useEffect(() => {
    if (!ready) return;
    let journey = session.journey;
    let previous = journey?.getSnapshot();
    let generation = journey?.generation;
    return session.subscribeJourney(() => {
      const current = session.journey!;
      const snapshot = current.getSnapshot();
      if (current !== journey || !previous) {
        // The journey's client has just been made: what it shows now is where it starts.
        journey = current;
        previous = snapshot;
        generation = current.generation;
        return;
      }
      const before = previous;
      previous = snapshot;
      const next = stepOf(snapshot);
      // A new booking counts too; the same journey taken over from the server does not.
      const adopted = current.generation !== generation;
      generation = current.generation;
      const newBooking = !adopted && snapshot.context.booking !== before.context.booking;
      const movedOn = next !== stepOf(before) || newBooking;
      const target = pathOf(next, here.current.lang);
      if (!movedOn || routing.current || target === here.current.path || changedInPlace(before, snapshot)) return;
      // Signed in after asking for a later step: say what has to come first.
      const wanted = before.context.returnTo;
      const notice = wanted && wanted !== next ? whyNot(wanted, snapshot.context) : null;
      const state: RedirectNotice = { notice: notice ?? undefined };
      navigate(target, { state });
    });
  }, [session, navigate, ready]);
}

/**
 * New dates, a cancellation or an offer are made where the renter is (Booking Details, Offers): the
 * booking's step may change underneath (a paid booking's change waits in the pickup step), but the
 * renter stays on the screen that shows the outcome.
 */
function changedInPlace(before: JourneySnapshot, after: JourneySnapshot) {
  const inPlace = (pending: string | null) => pending === 'change' || pending === 'cancel';
  const a = before.context;
  const b = after.context;
  return (
    inPlace(a.pending) ||
    inPlace(b.pending) ||
    // A new booking starts with none of these: only a change on the same booking counts.
    (b.changes.length > 0 && b.changes.length !== a.changes.length) ||
    (b.cancellation !== null && a.cancellation === null) ||
    (b.booking.offer !== undefined && a.booking.offer === undefined)
  );
}

/**
 * The sync as a component of its own, so that the journey's client coming (a screen made it while
 * the page was hydrated, or a tap loaded it) re-renders this alone, not the layout and its screen.
 */
export function JourneyRoute({ resolved, lang }: { resolved: Resolved; lang: Lang }) {
  useJourneyRoute(resolved, lang);
  return null;
}
