// A phone whose clock is off still shows the server's moments (a late return, a pickup window).
import { afterEach, describe, expect, it } from 'vitest';
import { noteServerDate, serverNow } from '../src/client/serverClock';

const headerAt = (ms: number) => new Date(ms).toUTCString();

describe('the server’s clock on a phone', () => {
  afterEach(() => noteServerDate(headerAt(Date.now()), Date.now(), Date.now()));

  it('reads a phone 20 minutes slow as the server’s time from an answer’s Date header', () => {
    const phone = Date.now();
    noteServerDate(headerAt(phone + 20 * 60_000), phone - 100, phone);
    expect(Math.abs(serverNow() - (phone + 20 * 60_000))).toBeLessThan(1_500);
  });

  it('reads a phone an hour fast back to the server’s time', () => {
    const phone = Date.now();
    noteServerDate(headerAt(phone - 60 * 60_000), phone - 50, phone);
    expect(Math.abs(serverNow() - (phone - 60 * 60_000))).toBeLessThan(1_500);
  });

  it('keeps the phone’s own time when they agree to within the header’s whole seconds, and when there is no header', () => {
    const phone = Date.now();
    noteServerDate(headerAt(phone + 5 * 60_000), phone, phone);
    noteServerDate(headerAt(phone - 400), phone - 20, phone);
    expect(Math.abs(serverNow() - Date.now())).toBeLessThan(50);
    noteServerDate(headerAt(phone + 5 * 60_000), phone, phone);
    noteServerDate(null, phone, phone);
    expect(Math.abs(serverNow() - (phone + 5 * 60_000))).toBeLessThan(1_500);
  });
});
