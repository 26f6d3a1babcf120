import { describe, expect, it } from 'vitest';
import { lookup, render, TemplateError } from '../../cli/scenario/template.ts';

const vars = { car: 'c-1', count: 3, tenants: { fleet: { id: 't-1' } }, list: [{ id: 'a' }, { id: 'b' }] };

describe('templating of captures', () => {
  it('when a string is only one ${name}, then the value keeps its type', () => {
    expect(render({ n: '${count}', l: '${list}' }, vars)).toEqual({ n: 3, l: vars.list });
  });

  it('when ${name} is inside text, then it is written as text', () => {
    expect(render('/v1/vehicles/${car}/registrations?x=${count}', vars)).toBe('/v1/vehicles/c-1/registrations?x=3');
  });

  it('when a path goes into objects and arrays, then both spellings work', () => {
    expect(render(['${tenants.fleet.id}', '${list[1].id}', '${list.0.id}'], vars)).toEqual(['t-1', 'b', 'a']);
  });

  it('when values are nested, then every string is rendered and keys are not', () => {
    expect(render({ '${car}': { ids: ['${car}', 7, null, true] } }, vars)).toEqual({ '${car}': { ids: ['c-1', 7, null, true] } });
  });

  it('when $${ is written, then a literal ${ comes out', () => {
    expect(render('cost $${car}', vars)).toBe('cost ${car}');
  });

  it('when a name is not defined, then a TemplateError names it', () => {
    expect(() => render('/v1/drivers/${driver}', vars)).toThrow(TemplateError);
    expect(() => render('/v1/drivers/${driver}', vars)).toThrow(/\$\{driver\} no está definido/);
  });

  it('when a name\'s first steps exist but not the next, then the message names the step missing, and a list\'s indexes', () => {
    expect(() => render('${list[2].id}', vars)).toThrow('${list[2].id} no está definido: list no tiene «2» (es una lista de 2: del 0 al 1)');
    expect(() => render('${tenants.fleet.key}', vars)).toThrow('${tenants.fleet.key} no está definido: tenants.fleet no tiene «key»');
    expect(() => render('${none[0]}', { none: [] })).toThrow('${none[0]} no está definido: none no tiene «0» (es una lista vacía)');
  });

  it('when lookup misses a step, then it gives undefined instead of throwing', () => {
    expect(lookup({ body: { data: [] } }, 'body.data[0].id')).toBeUndefined();
    expect(lookup({ body: null }, 'body.id')).toBeUndefined();
    expect(lookup({ body: { id: 'x' } }, 'body.id')).toBe('x');
  });
});
