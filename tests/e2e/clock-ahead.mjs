// Preloaded (`node --import`) into a production server a test starts "later" than the wall clock:
// `Date` in that process reads CLOCK_AHEAD_MS ahead of it (Vitest's fake Date, which the tests' own
// process runs on, lives in that process only; kept plain JavaScript: the compiled server runs on
// plain Node).
// tests/e2e/durability.e2e.ts restarts its server as if it had been down past the reconciler's
// grace, instead of waiting that long.
const ahead = Number(process.env.CLOCK_AHEAD_MS ?? 0);
if (ahead > 0) {
  const Wall = Date;
  const now = () => Wall.now() + ahead;
  globalThis.Date = new Proxy(Wall, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length > 0 ? args : [now()], newTarget),
    apply: () => new Wall(now()).toString(),
    get: (target, key, receiver) => (key === 'now' ? now : Reflect.get(target, key, receiver)),
  });
}
