import { describe, expect, it } from 'vitest';
import { similarNames } from '../../server/lib/similar-names.ts';

const IDS = ['createVehicle', 'getVehicle', 'listVehicles', 'updateVehicle', 'createDriver', 'getMe'];

describe('similarNames: what a misspelt name most likely meant', () => {
  it.each([
    ['createVehicles', ['createVehicle']],
    ['createvehicle', ['createVehicle']],
    ['getvehicle', ['getVehicle']],
    // The fewest edits win: getVehicle (1) over listVehicles (4).
    ['getVehicles', ['getVehicle']],
  ])('when the name is %s, then it suggests %j', (wrong, meant) => {
    expect(similarNames(wrong, IDS)).toEqual(meant);
  });

  it('when two names are the same few edits away, then both come, in the order given', () => {
    expect(similarNames('xreateVehicle', ['createVehicle', 'areateVehicle'])).toEqual(['createVehicle', 'areateVehicle']);
  });

  it('when a name is unrelated or more than a third of its length away (at least 2), then nothing is suggested', () => {
    expect(similarNames('borrarTodo', IDS)).toEqual([]);
    // 'getMx' is one edit from getMe: within 2; 'gxtMx' two edits: within 2; 'gxxMx' three: beyond.
    expect(similarNames('gxtMx', IDS)).toEqual(['getMe']);
    expect(similarNames('gxxMx', IDS)).toEqual([]);
  });

  it('when a name is shorter than five letters, then only one edit away counts (two make another word)', () => {
    expect(similarNames('time', ['times', 'name'])).toEqual(['times']);
    expect(similarNames('note', ['name', 'status'])).toEqual([]);
  });

  it.each([['nmae', 'name'], ['paht', 'path'], ['bdoy', 'body'], ['stauts', 'status'], ['stpes', 'steps']])('when two letters of %s are swapped, then it is one edit from %s', (wrong, meant) => {
    expect(similarNames(wrong, ['name', 'path', 'body', 'status', 'steps', 'note'])).toEqual([meant]);
  });
});
