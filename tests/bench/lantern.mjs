// Why a page's modelled FCP, LCP or blocking time is what it is: one Lighthouse run on a URL (mobile
// defaults, a first visit), then what Lighthouse's model (Lantern) put in each metric's graph, with
// each request's and task's simulated start and end, and the main thread's long tasks with what the
// browser did in them. `node tests/bench/lantern.mjs http://127.0.0.1:3999/arabic` against a running
// server (`DEMO=1 PORT=3999 PUBLIC_ORIGIN=http://127.0.0.1:3999 npm start`). Internal Lighthouse modules, as in fcp-chain.mjs.
import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';

const url = process.argv[2];
if (!url) {
  console.error('usage: node tests/bench/lantern.mjs <url>');
  process.exit(1);
}
const path = (u) => u.replace(/^https?:\/\/[^/]+/, '');
/** A task's events by name (with the script's URL where there is one), longest first, in observed ms. */
function inside(node) {
  const by = new Map();
  for (const e of node.childEvents) {
    const key = e.name + (e.args?.data?.url ? ` ${path(e.args.data.url)}` : '');
    by.set(key, (by.get(key) ?? 0) + (e.dur ?? 0) / 1000);
  }
  return [...by].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(', ');
}

const chrome = await launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  const result = await lighthouse(url, {
    port: chrome.port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance'],
    clearStorageTypes: ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'local_storage'],
  });
  const { artifacts: a, lhr } = result;
  const data = { trace: a.Trace, devtoolsLog: a.DevtoolsLog, gatherContext: a.GatherContext, settings: lhr.configSettings, simulator: null, URL: a.URL, SourceMaps: a.SourceMaps ?? [] };
  const value = (id) => Math.round(lhr.audits[id].numericValue);
  console.log(`${lhr.environment.hostUserAgent}\nFCP ${value('first-contentful-paint')} ms · LCP ${value('largest-contentful-paint')} ms · TBT ${value('total-blocking-time')} ms`);
  for (const [name, metric] of [['FCP', LanternFirstContentfulPaint], ['LCP', LanternLargestContentfulPaint]]) {
    const m = await metric.request(data, { computedCache: new Map() });
    console.log(`\n${name}: optimistic ${Math.round(m.optimisticEstimate.timeInMs)} ms, pessimistic ${Math.round(m.pessimisticEstimate.timeInMs)} ms`);
    const rows = [...m.pessimisticEstimate.nodeTimings].sort((x, y) => x[1].startTime - y[1].startTime);
    for (const [node, t] of rows) {
      const what = node.type === 'network' ? path(node.request.url) : `task (${(node.event.dur / 1000).toFixed(1)} ms observed): ${inside(node)}`;
      console.log(`  ${Math.round(t.startTime)}–${Math.round(t.endTime)} ${what}`);
    }
  }
  const tbt = await LanternTotalBlockingTime.request(data, { computedCache: new Map() });
  console.log('\nTasks of 45 ms or more in the model:');
  for (const [node, t] of tbt.pessimisticEstimate.nodeTimings) {
    if (node.type === 'cpu' && t.endTime - t.startTime >= 45) console.log(`  ${Math.round(t.startTime)}–${Math.round(t.endTime)} (${(node.event.dur / 1000).toFixed(1)} ms observed): ${inside(node)}`);
  }
} finally {
  await chrome.kill();
}
