// Setup of the browser tests: a try that fails says why in the log, even when its retry passes (CI
// runs each failed browser test once more, and Vitest then reports only the pass). Tests with a page
// also leave what it showed (browser.ts, reportOnFailure).
import { beforeEach } from 'vitest';

beforeEach(({ onTestFailed }) => {
  onTestFailed(({ task }) => {
    const error = task.result?.errors?.[0];
    const where = error?.stack?.split('\n').find((line) => line.includes('.e2e.ts'))?.trim() ?? '';
    console.log(`\n${task.name} failed (try ${(task.result?.retryCount ?? 0) + 1}): ${error?.message ?? '(no message)'} ${where}\n`);
  });
});
