// SPEC §3/§7: the device fingerprint (FingerprintJS open-source, MIT), kept in local storage as
// 'fingerPrint'. Failure is logged and yields null (SPEC §8: no user message).
const storageKey = 'fingerPrint';

export async function getFingerprint(): Promise<string | null> {
  try {
    const stored = window.localStorage.getItem(storageKey);
    if (stored) return stored;
  } catch {
    // storage disabled: compute it every time
  }
  try {
    const FingerprintJS = (await import('@fingerprintjs/fingerprintjs')).default;
    // monitoring off: no call to the vendor's statistics endpoint.
    const agent = await FingerprintJS.load({ monitoring: false });
    const { visitorId } = await agent.get();
    try {
      window.localStorage.setItem(storageKey, visitorId);
    } catch {
      // not kept; fine
    }
    return visitorId;
  } catch (e) {
    console.warn('Device fingerprint unavailable', e);
    return null;
  }
}
