import { describe, expect, it } from 'vitest';
import { assignDriver, driverStanding, FleetApiError, inviteDriver, onboardVehicle, reviewOutcome, weekEarnings } from './onboarding.ts';
import { CARD, fleetData, newWorld } from './world.ts';

describe('onboarding a vehicle', () => {
  it('when the card is uploaded and a day goes by, then platform_a has approved the vehicle', async () => {
    const world = await newWorld();
    const { vehicle } = await fleetData(world, 1);

    const created = await onboardVehicle(world.client, vehicle, CARD);
    const before = await reviewOutcome(world.client, created.id);
    await world.advance('1d');
    const after = await reviewOutcome(world.client, created.id);

    expect(before).toBe('waiting');
    expect(after).toBe('approved');
  });

  it('when platform_a rejects the card, then the outcome asks for the card again', async () => {
    const world = await newWorld();
    const created = await onboardVehicle(world.client, (await fleetData(world, 1)).vehicle, CARD);

    await world.platformA.review(created.id, 'rejected', 'rejected');

    expect(await reviewOutcome(world.client, created.id)).toBe('card_rejected');
  });

  it('when the plate is already taken, then onboarding fails with the API\'s CONFLICT', async () => {
    const world = await newWorld();
    const { vehicle } = await fleetData(world, 1);
    await onboardVehicle(world.client, vehicle, CARD);

    const again = onboardVehicle(world.client, { ...vehicle, vin: await world.unique.vin() }, CARD);

    await expect(again).rejects.toThrow(FleetApiError);
    await expect(again).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});

describe('drivers', () => {
  it('when a driver declines in the app, then they are declined', async () => {
    const world = await newWorld();
    const driver = await inviteDriver(world.client, (await fleetData(world, 1)).driver);

    await world.platformA.decline(driver.id);

    expect(await driverStanding(world.client, driver.id)).toBe('declined');
  });

  it('when an approved driver drives an approved vehicle for a week, then the week has trips and earnings', async () => {
    const world = await newWorld();
    const { vehicle, driver } = await fleetData(world, 1);
    const car = await onboardVehicle(world.client, vehicle, CARD);
    const person = await inviteDriver(world.client, driver);
    await world.platformA.accept(person.id);
    await world.advance('1d');
    expect(await driverStanding(world.client, person.id)).toBe('ready');

    const assignment = await assignDriver(world.client, car.id, person.id);
    const firstDay = (await world.now()).slice(0, 10);
    await world.advance('8d');
    const week = await weekEarnings(world.client, firstDay);

    expect(assignment.platformSync).toBe('synced');
    expect(week.trips).toBeGreaterThan(0);
    expect(week.netCentavos).toBeGreaterThan(0);
  });
});
