import { describe, expect, it } from 'vitest';
import { fromDubaiInput } from '../machines/booking';
import { parseQuery } from '../src/search/parseQuery';
import { queryString, readQuery, tripOf } from '../src/search/query';

// Sunday 22 November 2026, 10:00 in Dubai (06:00 UTC).
const NOW = Date.UTC(2026, 10, 22, 6, 0);
const parse = (text: string) => parseQuery(text, NOW);

describe('the Home box: free text understood as a search', () => {
  it.each([
    ['SUV Dubai Marina', { type: 'suv', pickup: 'dubai-marina' }],
    ['suv dubai-marina', { type: 'suv', pickup: 'dubai-marina' }],
    ['airport', { pickup: 'dxb-t3' }],
    ['DXB', { pickup: 'dxb-t3' }],
    ['Abu Dhabi', { pickup: 'abu-dhabi-city' }],
    ['Abu Dhabi airport', { pickup: 'auh' }],
    ['the airport in Abu Dhabi', { pickup: 'auh' }],
    ['Sharjah', { pickup: 'sharjah-city' }],
    ['Al Maktoum', { pickup: 'dwc' }],
    ['downtown', { pickup: 'downtown' }],
    // Every emirate: a company may open a branch in any of them.
    ['SUV Al Ain', { type: 'suv', pickup: 'al-ain' }],
    ['Ajman to Fujairah', { pickup: 'ajman-city', dropoff: 'fujairah-city' }],
    ['Umm Al Quwain', { pickup: 'uaq-city' }],
    ['RAK', { pickup: 'rak-city' }],
    ['the airport in Ras Al Khaimah', { pickup: 'rkt' }],
    ['Fujairah airport', { pickup: 'fjr' }],
    ['luxury sedan', { type: 'luxury' }],
    ['cheap car', { type: 'economy' }],
    ['sedan', { type: 'standard' }],
    ['sports car', { type: 'sports' }],
  ])('"%s"', (text, understood) => {
    expect(parse(text)).toEqual(understood);
  });

  it.each([
    ['سيارة دفع رباعي', { type: 'suv' }],
    ['سيارة دفع رباعي في دبي مارينا', { type: 'suv', pickup: 'dubai-marina' }],
    ['سيارة رياضية', { type: 'sports' }],
    ['سيارة اقتصادية', { type: 'economy' }],
    ['مطار أبوظبي', { pickup: 'auh' }],
    ['مطار أبو ظبي', { pickup: 'auh' }],
    ['المطار', { pickup: 'dxb-t3' }],
    ['الشارقة', { pickup: 'sharjah-city' }],
    ['مطار رأس الخيمة', { pickup: 'rkt' }],
    ['من عجمان إلى العين', { pickup: 'ajman-city', dropoff: 'al-ain' }],
    ['أم القيوين', { pickup: 'uaq-city' }],
    ['بالفجيرة', { pickup: 'fujairah-city' }],
    // "in Sharjah" written as one word, and with diacritics.
    ['بالشارقة', { pickup: 'sharjah-city' }],
    ['أَبُوظَبْي', { pickup: 'abu-dhabi-city' }],
    ['مطار الشارقة الدولي', { pickup: 'shj' }],
    ['وسط مدينة دبي', { pickup: 'downtown' }],
  ])('Arabic: "%s"', (text, understood) => {
    expect(parse(text)).toEqual(understood);
  });

  it('two places in reading order are the pickup and the return', () => {
    expect(parse('from Dubai Marina to Abu Dhabi')).toEqual({ pickup: 'dubai-marina', dropoff: 'abu-dhabi-city' });
    expect(parse('من دبي إلى أبوظبي')).toEqual({ pickup: 'downtown', dropoff: 'abu-dhabi-city' });
    // "airport" joins the emirate next to it only; here it is a separate place.
    expect(parse('from the airport to Sharjah')).toEqual({ pickup: 'dxb-t3', dropoff: 'sharjah-city' });
  });

  it('a company name is the company, not a place it contains', () => {
    expect(parse('Marina Motors economy')).toEqual({ company: 'marina-motors', type: 'economy' });
  });

  it('dates, times and lengths, in Dubai time, day first as the UAE writes dates', () => {
    expect(parse('luxury tomorrow 10am for 5 days')).toEqual({ type: 'luxury', from: '2026-11-23T10:00', to: '2026-11-28T10:00' });
    expect(parse('5/12 14:30')).toEqual({ from: '2026-12-05T14:30', to: '2026-12-08T14:30' });
    expect(parse('2026-12-24 a week')).toEqual({ from: '2026-12-24T10:00', to: '2026-12-31T10:00' });
    // Arabic words and Arabic-Indic digits: tomorrow, 10 in the morning, three days.
    expect(parse('غدًا ١٠ صباحًا ٣ أيام')).toEqual({ from: '2026-11-23T10:00', to: '2026-11-26T10:00' });
    expect(parse('8 مساءً')).toEqual({ from: '2026-11-22T20:00', to: '2026-11-25T20:00' });
    // A time already past today is tomorrow's.
    expect(parse('9am')).toEqual({ from: '2026-11-23T09:00', to: '2026-11-26T09:00' });
    // A date already past this year is next year's.
    expect(parse('1/2')).toMatchObject({ from: '2027-02-01T10:00' });
  });

  it('a date that does not exist is kept as typed, for the form to refuse', () => {
    expect(parse('31/2')).toEqual({ from: '2027-02-31T10:00' });
    expect(fromDubaiInput('2027-02-31T10:00')).toBeNull();
  });

  it('words it does not know are left for the form to ask, and said back as typed', () => {
    expect(parse('')).toEqual({});
    expect(parse('something nice please')).toEqual({ unused: 'something nice' });
    expect(parse('SUV at Dubai airport with a baby seat')).toEqual({ type: 'suv', pickup: 'dxb-t3', unused: 'baby seat' });
    // Arabic, with its own spelling kept: a child seat.
    expect(parse('سيارة دفع رباعي في دبي مع كرسي أطفال')).toEqual({ type: 'suv', pickup: 'downtown', unused: 'كرسي أطفال' });
  });

  it('relative days: next week, the weekend, a day of the week, in both languages', () => {
    // Sunday 22 November: next week starts on Monday the 23rd; the weekend is Saturday the 28th.
    expect(parse('SUV Dubai airport next week 3 days')).toEqual({ type: 'suv', pickup: 'dxb-t3', from: '2026-11-23T10:00', to: '2026-11-26T10:00' });
    expect(parse('دفع رباعي مطار دبي الأسبوع القادم ٣ أيام')).toEqual({ type: 'suv', pickup: 'dxb-t3', from: '2026-11-23T10:00', to: '2026-11-26T10:00' });
    expect(parse('this weekend')).toMatchObject({ from: '2026-11-28T10:00' });
    expect(parse('عطلة نهاية الأسبوع')).toMatchObject({ from: '2026-11-28T10:00' });
    expect(parse('on Friday 9am for a week')).toEqual({ from: '2026-11-27T09:00', to: '2026-12-04T09:00' });
    expect(parse('الجمعة القادمة')).toMatchObject({ from: '2026-11-27T10:00' });
    // Today is Sunday: "Sunday" is the next one.
    expect(parse('sunday')).toMatchObject({ from: '2026-11-29T10:00' });
  });
});

describe('the search in the URL', () => {
  it('the Home box’s understanding becomes the search screen’s query', () => {
    expect(queryString(parse('SUV Dubai Marina'))).toBe('?type=suv&pickup=dubai-marina');
    // What it could not use goes along, for the search to say.
    expect(queryString(parse('SUV with a baby seat'))).toBe('?type=suv&unused=baby+seat');
    expect(queryString({})).toBe('');
  });

  it('read back: a place alone is also where the car is returned; no times means the default trip', () => {
    const query = readQuery(new URLSearchParams('type=suv&pickup=dubai-marina'), NOW);
    expect(query).toEqual({
      type: 'suv',
      company: null,
      sort: 'price',
      pickup: 'dubai-marina',
      dropoff: 'dubai-marina',
      from: '2026-11-23T10:00',
      to: '2026-11-26T10:00',
      unused: null,
    });
    expect(tripOf(query)).toEqual({
      pickupLocation: 'dubai-marina',
      dropoffLocation: 'dubai-marina',
      pickupAt: Date.UTC(2026, 10, 23, 6),
      dropoffAt: Date.UTC(2026, 10, 26, 6),
    });
  });

  it('unknown values are dropped, not trusted; a bad date stays as typed', () => {
    const query = readQuery(new URLSearchParams('type=tank&company=<acme>&sort=random&pickup=mars&from=soon'), NOW);
    expect(query).toMatchObject({ type: null, company: null, sort: 'price', pickup: '', dropoff: '', from: 'soon' });
    expect(tripOf(query)).not.toHaveProperty('pickupAt');
    // Companies are records: any company's id is kept for the server to answer (none has one, no cars).
    expect(readQuery(new URLSearchParams('company=falcon-cars'), NOW).company).toBe('falcon-cars');
  });

  it('round trip: what is written is read back the same', () => {
    const query = readQuery(
      new URLSearchParams('type=luxury&pickup=auh&dropoff=dxb-t3&from=2026-12-01T09:00&to=2026-12-04T09:00&company=elite-auto&sort=price-desc'),
      NOW,
    );
    expect(readQuery(new URLSearchParams(queryString(query)), NOW)).toEqual(query);
  });
});
