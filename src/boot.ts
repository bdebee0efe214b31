// The script that starts a prerendered page's app (build/prerender.ts compiles it to a hashed asset,
// cached for good). The page's inline script (src/pageStart.ts) adds it once the page's words are
// painted; it fetches the page's modules (as modulepreloads, a few per task) and starts the app. The
// modules are listed with each one's imports before it and the entry last, and are run one per
// task: React, the app's shared code and the screen are each set up in a short task a phone can
// answer a tap between, not in one long one. It imports nothing: it is the first module a page runs.
export {};

const boot = document.getElementById('boot') as HTMLTemplateElement;
const modules = (boot.dataset.modules ?? '').split(' ');
// Where the browser has it, scheduler.yield() lets a waiting tap in first; otherwise a new task.
const nextTask = (): Promise<unknown> =>
  'scheduler' in globalThis && typeof scheduler.yield === 'function'
    ? scheduler.yield()
    : new Promise((resolve) => setTimeout(resolve, 0));

const linkTo = (rel: string, href: string) => {
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  return link;
};

// Adding a link is quick, but a preload's is a fetch started there and then: the page's 20-odd
// took 35-40 ms at Lighthouse's 4x CPU, in one task. They are added in slices of a few
// milliseconds (React's scheduler works in 5), with a task between.
const SLICE_MS = 5;

async function addLinks(links: HTMLLinkElement[]) {
  let since = performance.now();
  for (const link of links) {
    if (performance.now() - since > SLICE_MS) {
      await nextTask();
      since = performance.now();
    }
    document.head.append(link);
  }
}

async function start() {
  // The page's CSS is inline. The files it came from are named to the app's module loader, as
  // disabled stylesheets (never fetched), so it does not add them again as the screen's module
  // loads: each would have the whole page styled and laid out once more.
  const styles = document.querySelector<HTMLStyleElement>('style[data-files]')?.dataset.files ?? '';
  const stylesheets = styles
    .split(' ')
    .filter(Boolean)
    .map((href) => {
      const link = linkTo('stylesheet', href);
      link.disabled = true;
      return link;
    });
  const preloads = modules.map((href) => {
    const link = linkTo('modulepreload', href);
    link.crossOrigin = '';
    return link;
  });
  await addLinks([...stylesheets, ...preloads]);
  for (const href of modules) {
    await import(/* @vite-ignore */ href);
    await nextTask();
  }
}

void start();
