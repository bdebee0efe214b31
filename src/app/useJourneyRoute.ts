import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isStep, whyNot } from '../../machines/journey-rules';
import { stepOf } from '../../machines/journey';
import type { Lang } from '../i18n/en';
import { pathOf, type Resolved } from '../i18n/paths';
import { useJourney, type RedirectNotice } from '../ui/journey';

/**
 * Keeps the URL and the journey machine in agreement, both ways:
 * - URL → machine: opening a step's path (typed, bookmarked, back/forward) sends `xstate.route`; when
 *   the machine refuses, the URL is replaced by the step that is due, with the reason as a notice.
 * - machine → URL: when the journey advances on its own (a payment goes through), the app navigates
 *   to the new step's path in the current language.
 * Each direction compares before acting, and route events are marked so they never echo back.
 */
export function useJourneyRoute(resolved: Resolved, lang: Lang) {
  const actor = useJourney();
  const navigate = useNavigate();
  const location = useLocation();
  const routing = useRef(false);
  const langRef = useRef(lang);
  useEffect(() => {
    langRef.current = lang;
  }, [lang]);

  const urlStep = resolved.kind === 'screen' && isStep(resolved.id) ? resolved.id : null;

  // URL → machine, on every navigation (location.key changes even for the same path).
  useEffect(() => {
    if (!urlStep) return;
    const before = actor.getSnapshot();
    if (stepOf(before) === urlStep) return;
    routing.current = true;
    actor.send({ type: 'xstate.route', to: `#${urlStep}` });
    routing.current = false;
    const now = stepOf(actor.getSnapshot());
    if (now !== urlStep) {
      const state: RedirectNotice = { notice: whyNot(urlStep, before.context) ?? undefined };
      navigate(pathOf(now, lang), { replace: true, state });
    }
  }, [actor, navigate, urlStep, lang, location.key]);

  // machine → URL, when the step changes for any reason other than a route event.
  useEffect(() => {
    let step = stepOf(actor.getSnapshot());
    const subscription = actor.subscribe((snapshot) => {
      const next = stepOf(snapshot);
      if (next === step) return;
      step = next;
      if (!routing.current) navigate(pathOf(next, langRef.current));
    });
    return () => subscription.unsubscribe();
  }, [actor, navigate]);
}
