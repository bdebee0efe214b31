// Every prerendered page's inline script, after the fonts flag (build/prerender.ts compiles it into
// the page; the pages' policy allows it by its hash). Nothing of ours is fetched before the page's
// words are painted: a request that ends before the first paint delays it on a slow network, and a
// phone's browser counts it. Once they are painted, this links the page's manifest (the browser
// fetches its icon as soon as it reads it) and adds the boot script (src/boot.ts), which starts the
// app. Both addresses come in the page's `#boot` template.
export {};

{
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const { src, manifest } = (document.getElementById('boot') as HTMLTemplateElement).dataset;
    if (manifest) {
      const link = document.createElement('link');
      link.rel = 'manifest';
      link.href = manifest;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.src = src!;
    document.head.append(script);
  };
  // After the first contentful paint, in a task of its own.
  try {
    new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch {
    requestAnimationFrame(() => setTimeout(start, 0));
  }
  // A browser that reports no paint, or a page opened in a background tab (no frame until shown).
  setTimeout(start, 1000);
}
