// Rentals in flight, as a deploy finds them: one paid and waiting for its car, one out with the
// renter, one back with a charge in dispute that the company is to decide.
import { dueBackAt } from '../../machines/journey-rules';
import { travelTo } from '../support/clock';
import { contextOf, counter, pickUp, renterAt, tripIn } from './helpers';

/**
 * Each of its own car of the sample company, at times that let each go on in turn: the one out is
 * due back on day 3, the paid one's car is handed over on day 5.
 */
export async function rentalsInFlight() {
  const trips = { paid: tripIn(24 * 5), out: tripIn(24), back: tripIn(26, 1) };
  // Each booked and paid first (a trip is booked ahead of its pickup), then the two handed over.
  const paid = await renterAt('paid', { carId: 'camry', trip: trips.paid });
  const pickedUp = await renterAt('paid', { carId: 'bmw-7', trip: trips.out });
  const disputed = await renterAt('paid', { carId: '911', trip: trips.back });
  for (const r of [pickedUp, disputed]) {
    const answer = await pickUp(r);
    if (!answer.ok) throw new Error(`a car could not be handed over: ${JSON.stringify(answer.body)}`);
  }
  // Back with half a tank and a scratch: the renter disputes the scratch and answers the rest.
  const agent = await counter(contextOf(disputed.journey()).booking.carId);
  travelTo(dueBackAt(contextOf(disputed.journey())));
  const photo = await agent.photo(disputed.journey().number);
  const damage = [{ item: 'scratch', amount: '', note: 'Rear bumper', photos: [photo] }];
  const steps = [
    () => agent.checkIn(disputed.journey().number, { photos: [photo], fuel: '1/2', damage }),
    () => disputed.refresh().then(() => disputed.step({ type: 'return.dispute', line: 1, reason: 'It was there at pickup' })),
    () => disputed.step({ type: 'return.accept' }),
  ];
  for (const step of steps) {
    const answer = await step();
    if (!answer.ok) throw new Error(`a disputed return could not be made: ${JSON.stringify(answer.body)}`);
  }
  return { paid, pickedUp, disputed };
}
