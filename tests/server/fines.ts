// A fine for a renter's rental, as the company's manager gets it: the contract set to pass fines on,
// and an authority's record imported for the car while the renter has it (manager and paper-trail tests).
import { importAndWait } from '../support/imports';
import { contextOf, manager, renterAt } from './helpers';

type Renter = Awaited<ReturnType<typeof renterAt>>;
type Manager = Awaited<ReturnType<typeof manager>>;

/** The contract the renter's signature made, as the company's manager finds it by booking number. */
export async function contractOf(m: Manager, r: Renter) {
  const list = await m.api.contracts({ q: r.journey().number });
  if (!list.ok || list.body.contracts.length !== 1) throw new Error(`contract not found: ${JSON.stringify(list)}`);
  const found = await m.api.contract(list.body.contracts[0]!.code);
  if (!found.ok) throw new Error('contract');
  return found.body;
}

/** Links the booked car and the booking, passes fines on, with these transfer settings. */
export async function setUp(m: Manager, r: Renter, settings: { mode: 'automatic' | 'manual'; notify: boolean; consent: boolean }) {
  const { contract } = await contractOf(m, r);
  const s = await m.api.saveTransferSettings(contract.code, settings, contract.version);
  if (!s.ok) throw new Error('settings');
  const carId = contract.booking!.carId;
  const saved = await m.api.saveSetup(contract.code, { carId, bookingLinked: true, violationTransfer: true }, s.body.contract.version);
  if (!saved.ok) throw new Error(`setup: ${JSON.stringify(saved)}`);
  return saved.body.contract;
}

export const HEADER = 'reference,type,plate,date_time,location,code,description,amount,black_points';
let refs = 0;
export const ref = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${refs++}`;
export const iso = (at: number) => new Date(at).toISOString();
/** A minute after the renter picked the car up (the server's clock has passed it). */
export const during = (r: Renter) => contextOf(r.journey()).pickedUpAt! + 60_000;

export async function fineFor(r: Renter, m: Manager, amount = 500) {
  const reference = ref('DXB');
  const csv = `${HEADER}\n${reference},fine,Dubai K 48213,${iso(during(r))},Sheikh Zayed Road,SPEED-20,Speeding,${amount},4\n`;
  const result = await importAndWait(m.api, csv);
  if (!result.ok || result.body.report.matched.length !== 1) throw new Error(`import: ${JSON.stringify(result)}`);
  const list = await r.api.violations();
  if (!list.ok) throw new Error('violations');
  return list.body.violations.find((v) => (v.state as { context: { fine: { reference?: string } } }).context.fine.reference === reference)!;
}
