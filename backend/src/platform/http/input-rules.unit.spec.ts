import { describe, expect, it } from '@jest/globals';
import { bodyProblem, maxBodyDepth } from './bounded-input.js';
import { strictWholeNumber } from './validation.js';

const nestedArrays = (depth: number): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
};

describe('strict whole numbers', () => {
  it('reads plain decimal integers that fit a Postgres integer, from JSON numbers or text', () => {
    expect(strictWholeNumber(20)).toBe(20);
    expect(strictWholeNumber('20')).toBe(20);
    expect(strictWholeNumber('0020')).toBe(20);
    expect(strictWholeNumber('-3')).toBe(-3);
    expect(strictWholeNumber('2147483647')).toBe(2147483647);
    expect(strictWholeNumber(-2147483648)).toBe(-2147483648);
  });

  it('refuses other spellings, fractions, booleans and numbers out of range', () => {
    for (const value of [
      '0x10',
      '1e1',
      '0b11',
      '+3',
      ' 1',
      '1 ',
      '1.0',
      '1.5',
      '',
      '-',
      'NaN',
      'Infinity',
      '2147483648',
      '99999999999999999999',
    ]) {
      expect({ value, number: strictWholeNumber(value) }).toEqual({ value, number: null });
    }
    for (const value of [
      true,
      false,
      null,
      undefined,
      1.5,
      2147483648,
      -2147483649,
      1e20,
      Number.NaN,
      [1],
      { id: 1 },
    ]) {
      expect({ value, number: strictWholeNumber(value) }).toEqual({ value, number: null });
    }
  });
});

describe('body bounds', () => {
  it(`lets a body nest ${maxBodyDepth} levels and no deeper`, () => {
    expect(bodyProblem({ a: nestedArrays(maxBodyDepth - 1) })).toBeNull();
    expect(bodyProblem({ a: nestedArrays(maxBodyDepth) })).toMatch(/nests more than/);
    expect(bodyProblem({ a: nestedArrays(maxBodyDepth + 1) })).toMatch(/nests more than 32 levels/);
    // The walk does not recurse: a body far deeper than the stack allows is still judged.
    expect(bodyProblem({ a: nestedArrays(200_000) })).toMatch(/nests more than/);
  });

  it('refuses the NUL character in any string or field name, wherever it sits', () => {
    expect(bodyProblem({ email: 'a@example.com', tags: ['x', { y: 'z' }] })).toBeNull();
    expect(bodyProblem({ email: '\u0000' })).toMatch(/NUL/);
    expect(bodyProblem({ list: [1, ['a\u0000b']] })).toMatch(/NUL/);
    expect(bodyProblem({ ['x\u0000']: 1 })).toMatch(/NUL/);
    expect(bodyProblem(undefined)).toBeNull();
  });
});

describe('field names and body shapes', () => {
  it('refuses __proto__, constructor and prototype as field names at any depth, as JSON.parse keeps them', () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const problem = `The field name "${key}" is not accepted (__proto__, constructor and prototype never are)`;
      expect(bodyProblem(JSON.parse(`{"${key}": {"isAdmin": true}, "periodId": 20}`))).toBe(problem);
      expect(bodyProblem(JSON.parse(`{"a": [1, {"b": {"${key}": 1}}]}`))).toBe(problem);
    }
    expect(bodyProblem({ proto: 1, constructors: 2, prototypes: 3, Constructor: 4 })).toBeNull();
  });

  it('takes only a JSON object (or no body) at the top', () => {
    expect(bodyProblem([])).toBe('The request body must be a JSON object, not an array');
    expect(bodyProblem([{ season: '1899-00' }])).toMatch(/not an array/);
    expect(bodyProblem('text')).toBe('The request body must be a JSON object');
    expect(bodyProblem(null)).toBe('The request body must be a JSON object');
    expect(bodyProblem({})).toBeNull();
    expect(bodyProblem(undefined)).toBeNull();
  });
});
