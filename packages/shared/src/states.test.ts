import { describe, expect, it } from 'vitest';
import {
  REAL_STATES,
  STATE_DROPDOWN_ORDER,
  STATE_FILTER_BUTTON_ORDER,
  STATE_NAMES,
  STATES,
} from './states';
import { stateFilterSchema, stateSchema } from './state-schemas';

describe('states', () => {
  it('lists the eight states and territories after SELECT', () => {
    expect(STATES).toHaveLength(9);
    expect(STATES[0]).toBe('SELECT');
    expect(STATES.slice(1)).toEqual(REAL_STATES);
  });

  it('orders the dropdown SELECT, NSW, VIC, QLD, SA, WA, NT, TAS, ACT', () => {
    expect(STATE_DROPDOWN_ORDER).toEqual(['SELECT', 'NSW', 'VIC', 'QLD', 'SA', 'WA', 'NT', 'TAS', 'ACT']);
    expect([...STATE_DROPDOWN_ORDER].sort()).toEqual([...STATES].sort());
  });

  it('orders the search buttons All, NSW, VIC, QLD, ACT, TAS, WA, SA, NT', () => {
    expect(STATE_FILTER_BUTTON_ORDER).toEqual(['ALL', 'NSW', 'VIC', 'QLD', 'ACT', 'TAS', 'WA', 'SA', 'NT']);
  });

  it('names every real state', () => {
    expect(Object.keys(STATE_NAMES).sort()).toEqual([...REAL_STATES].sort());
    expect(STATE_NAMES.NSW).toBe('New South Wales');
  });

  it('accepts only real states as a state', () => {
    expect(stateSchema.safeParse('VIC').success).toBe(true);
    expect(stateSchema.safeParse('SELECT').success).toBe(false);
  });

  it('filters on all states when none is given', () => {
    expect(stateFilterSchema.parse(undefined)).toBe('ALL');
    expect(stateFilterSchema.parse('ALL')).toBe('ALL');
    expect(stateFilterSchema.parse('WA')).toBe('WA');
    expect(stateFilterSchema.safeParse('SELECT').success).toBe(false);
  });
});
