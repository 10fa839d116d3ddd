import { describe, expect, it } from 'vitest';
import { decodeId, decodeIds, encodeId, encodeIds } from './ids.ts';

describe('ids in URLs (SPEC §2: base64 of the JSON-encoded id)', () => {
  it('round-trips one id and a list of ids', () => {
    const id = '0190a0b0-0000-7000-8000-000000000001';
    expect(encodeId(id)).toBe(Buffer.from(JSON.stringify(id)).toString('base64'));
    expect(decodeId(encodeId(id))).toBe(id);
    const ids = [id, '0190a0b0-0000-7000-8000-000000000002'];
    expect(decodeIds(encodeIds(ids))).toEqual(ids);
    expect(decodeIds(encodeURIComponent(encodeIds(ids)))).toEqual(ids);
  });

  it('refuses what is not such an id or list', () => {
    for (const bad of ['', '%%', 'not base64!', btoa('{"a":1}'), btoa('[1,2]'), btoa('"x"')]) expect(decodeIds(bad)).toBeNull();
    expect(decodeId(btoa('[1]'))).toBeNull();
  });
});
