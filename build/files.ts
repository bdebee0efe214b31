// The built app's folder as the build's last steps see it.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

/**
 * Every file under a folder of the built app (none when the folder is not there), less the build's
 * own dot folders (Vite's .vite, the render for Node in .ssr): they are not the app's files.
 */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((name) => !name.startsWith('.')).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * A Vite plugin that runs `step` on the built app's folder once the browser build is written (not
 * after a server-side build such as the prerender's), after the other plugins' own last steps: the
 * plugins run in the order vite.config.ts lists them.
 */
export function afterClientBuild(name: string, step: (outDir: string) => void | Promise<void>): Plugin {
  let config: ResolvedConfig;
  return {
    name,
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const env = (this as { environment?: { config: { build: { ssr?: unknown }; consumer?: string } } })
          .environment;
        const build = env?.config.build ?? config.build;
        if (build.ssr || env?.config.consumer === 'server') return;
        await step(resolve(config.root, (build as ResolvedConfig['build']).outDir));
      },
    },
  };
}
