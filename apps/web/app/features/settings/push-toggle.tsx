import { endpoints } from '@stashblog/contract/endpoints';
import { useEffect, useState } from 'react';
import { api, apiPayload, isOk, toastFailure } from '../../lib/api-client';
import { toast } from '../../ui/toasts';

// SPEC §3 local storage key of the push token.
const tokenKey = 'USER_FCMT';

function supported() {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/** Browser notifications for new leads and messages: a push subscription stored with setFCMT. */
export function PushToggle() {
  const [state, setState] = useState<'unsupported' | 'denied' | 'off' | 'on' | 'busy'>('busy');

  useEffect(() => {
    if (!supported()) return setState('unsupported');
    if (Notification.permission === 'denied') return setState('denied');
    navigator.serviceWorker
      .getRegistration('/')
      .then((reg) => reg?.pushManager.getSubscription())
      .then((sub) => setState(sub ? 'on' : 'off'))
      .catch(() => setState('off'));
  }, []);

  async function enable() {
    setState('busy');
    try {
      if ((await Notification.requestPermission()) !== 'granted') return setState('denied');
      const { publicKey } = await apiPayload(endpoints.userAdminPush.publicKey);
      const reg = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      await navigator.serviceWorker.ready;
      const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
      const token = JSON.stringify(sub.toJSON());
      const result = await api(endpoints.userAdminUser.setFCMT, { token });
      if (!isOk(result)) {
        toastFailure(result);
        await sub.unsubscribe();
        return setState('off');
      }
      localStorage.setItem(tokenKey, token);
      toast.success(result.message);
      setState('on');
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Notifications could not be enabled');
      setState('off');
    }
  }

  async function disable() {
    setState('busy');
    try {
      const reg = await navigator.serviceWorker.getRegistration('/');
      await (await reg?.pushManager.getSubscription())?.unsubscribe();
      const result = await api(endpoints.userAdminUser.setFCMT, { token: '' });
      if (!isOk(result)) toastFailure(result);
      else toast.info(result.message);
      localStorage.removeItem(tokenKey);
    } finally {
      setState('off');
    }
  }

  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-black/10 p-4">
      <div>
        <h2 className="font-semibold">Browser notifications</h2>
        <p className="text-muted text-sm">
          {state === 'unsupported'
            ? 'This browser cannot receive push notifications.'
            : state === 'denied'
              ? 'Notifications are blocked for this site in the browser settings.'
              : 'Get a notification on this device for every new lead or message.'}
        </p>
      </div>
      {state === 'on' ? (
        <button type="button" onClick={disable} className="rounded border border-primary px-4 py-2">
          Turn off
        </button>
      ) : state === 'off' || state === 'busy' ? (
        <button
          type="button"
          onClick={enable}
          disabled={state === 'busy'}
          className="rounded bg-primary px-4 py-2 text-on-primary disabled:opacity-60"
        >
          Enable notifications
        </button>
      ) : null}
    </div>
  );
}
