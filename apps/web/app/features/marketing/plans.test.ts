import { encodeId } from '@stashblog/contract/ids';
import { describe, expect, it } from 'vitest';
import { getStartedPath, planFromParam, plans } from './plans';

describe('plans and /getStarted/{planType}', () => {
  it('lists the four SPEC plans in order', () => {
    expect(plans.map((p) => p.name)).toEqual(['Basic', 'Advanced', 'Advanced +', 'Pro']);
  });

  it('round-trips every plan through its link (base64 of a JSON string, safe in a path)', () => {
    for (const plan of plans) {
      const segment = getStartedPath(plan).split('/')[2];
      expect(segment).not.toMatch(/[/+=]/);
      expect(planFromParam(decodeURIComponent(segment))?.name).toBe(plan.name);
      expect(planFromParam(segment)?.name).toBe(plan.name);
    }
    expect(planFromParam(encodeId('pro-plan'))?.name).toBe('Pro');
    expect(planFromParam(encodeId('Advanced +-Plan'))?.name).toBe('Advanced +');
    expect(planFromParam(encodeId('Advanced'))?.name).toBe('Advanced');
  });

  it('names no plan for anything else', () => {
    for (const bad of [
      undefined,
      '',
      '!!!',
      'bm90IGpzb24=',
      encodeId('Gold-Plan'),
      encodeId('-Plan'),
      btoa('42'),
      btoa('{"a":1}'),
      '%E0%A4%A',
    ]) {
      expect(planFromParam(bad)).toBeNull();
    }
  });
});
