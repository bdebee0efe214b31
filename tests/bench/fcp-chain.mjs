// The requests Lighthouse's simulated first contentful paint waits on, one after the other.
// Lighthouse 12 models FCP (Lantern) on a graph of the requests and main-thread tasks the first paint
// depended on in the observed load; the longest run of requests through that graph is the number of
// sequential round trips before FCP as Lighthouse counts them. Internal Lighthouse modules: if a
// version moves them, this returns null and the bench goes on.
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';

/** @returns {Promise<{depth: number, urls: string[]} | null>} */
export async function fcpChain(result) {
  try {
    const a = result.artifacts;
    const metric = await LanternFirstContentfulPaint.request(
      {
        trace: a.Trace,
        devtoolsLog: a.DevtoolsLog,
        gatherContext: a.GatherContext,
        settings: result.lhr.configSettings,
        simulator: null,
        URL: a.URL,
        SourceMaps: a.SourceMaps ?? [],
      },
      { computedCache: new Map() },
    );
    const graph = metric.pessimisticGraph;
    const memo = new Map();
    /** The longest chain of network requests ending at node (node included when it is one). */
    const chainTo = (node) => {
      if (memo.has(node)) return memo.get(node);
      let best = [];
      for (const dep of node.getDependencies()) {
        const chain = chainTo(dep);
        if (chain.length > best.length) best = chain;
      }
      const chain = node.type === 'network' ? [...best, node.request.url] : best;
      memo.set(node, chain);
      return chain;
    };
    let longest = [];
    graph.traverse((node) => {
      const chain = chainTo(node);
      if (chain.length > longest.length) longest = chain;
    });
    return { depth: longest.length, urls: longest };
  } catch (error) {
    return { depth: null, urls: [], error: String(error?.message ?? error) };
  }
}
