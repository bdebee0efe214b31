// The unit and server tests run on the tests' calendar (./clock.ts), with the server in the test's
// own process. (The browser tests shift their server and their pages instead: tests/e2e/browser.ts.)
import { onTestCalendar } from './clock';

onTestCalendar();
