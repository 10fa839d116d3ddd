// SPEC §2: ids in web URLs are base64 of a JSON-encoded id.
export function encodeId(id: string): string {
  const json = JSON.stringify(id);
  return typeof btoa === 'function' ? btoa(json) : Buffer.from(json).toString('base64');
}

export function decodeId(encoded: string): string | null {
  try {
    const json = typeof atob === 'function' ? atob(decodeURIComponent(encoded)) : Buffer.from(encoded, 'base64').toString();
    const value: unknown = JSON.parse(json);
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

/** A list of ids in a URL segment (SPEC …/leadsProducts/{products}): base64 of the JSON-encoded array. */
export function encodeIds(ids: readonly string[]): string {
  const json = JSON.stringify(ids);
  return typeof btoa === 'function' ? btoa(json) : Buffer.from(json).toString('base64');
}

export function decodeIds(encoded: string): string[] | null {
  try {
    const json = typeof atob === 'function' ? atob(decodeURIComponent(encoded)) : Buffer.from(encoded, 'base64').toString();
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : null;
  } catch {
    return null;
  }
}
