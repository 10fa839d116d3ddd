import { endpoints } from '@stashblog/contract/endpoints';
import { storeSwitchTexts as texts, type UserDetails } from '@stashblog/contract/users';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api, apiPayload, isOk, toastFailure } from '../../lib/api-client';
import { useConfirm } from '../../ui/modal';
import { toast } from '../../ui/toasts';

export const userDetailsKey = ['user-details'] as const;

type Flag = 'isAllProductsActive' | 'isAllCataloguesActive';
const flags = [
  { flag: 'isAllProductsActive', noun: 'products', endpoint: endpoints.userAdminProducts.updateAllStatus },
  { flag: 'isAllCataloguesActive', noun: 'catalogues', endpoint: endpoints.userAdminCatalogues.updateAllStatus },
] as const;

const fetchDetails = () => apiPayload(endpoints.userAdminUser.fetchDetails);

/** Under the owner's products (catalogues) heading while that store switch is off: visitors see none of them. */
export function StoreSwitchNotice({ noun }: { noun: 'products' | 'catalogues' }) {
  const flag: Flag = noun === 'products' ? 'isAllProductsActive' : 'isAllCataloguesActive';
  const details = useQuery({ queryKey: userDetailsKey, queryFn: fetchDetails, staleTime: 0 });
  if (details.data?.userData[flag] !== false) return null;
  return (
    <p role="status" className="mt-2 rounded border border-black/10 bg-surface px-3 py-2 text-sm text-text">
      {texts.listNotice(noun)}{' '}
      <Link to="/userAdmin/settings" className="underline">
        {texts.listNoticeLink}
      </Link>
    </p>
  );
}

/** SPEC "Settings": activate/deactivate all products, all catalogues; Change Password; Theme & Templates. */
export function SettingsTiles() {
  const queryClient = useQueryClient();
  const details = useQuery({ queryKey: userDetailsKey, queryFn: fetchDetails, staleTime: 0 });
  const [busy, setBusy] = useState<Flag | null>(null);
  const [confirm, confirmDialog] = useConfirm();

  async function toggle(flag: Flag, noun: 'products' | 'catalogues', endpoint: (typeof flags)[number]['endpoint']) {
    if (busy) return;
    // Switching off hides every item of the kind from visitors: ask first. Switching on needs no question.
    const turningOff = details.data?.userData[flag] === true;
    if (turningOff && !(await confirm(texts.confirmOff(noun), { yes: texts.confirmOffYes(noun), no: texts.confirmOffNo }))) return;
    setBusy(flag);
    try {
      const result = await api(endpoint);
      if (!isOk(result)) return toastFailure(result);
      // SPEC §4: the result status sets the new state.
      queryClient.setQueryData<{ userData: UserDetails }>(userDetailsKey, (d) =>
        d ? { userData: { ...d.userData, [flag]: result.payload.status } } : d,
      );
      (result.payload.status ? toast.success : toast.warning)(result.message);
      await queryClient.invalidateQueries({ queryKey: ['admin-products'] });
      await queryClient.invalidateQueries({ queryKey: ['admin-catalogues'] });
    } finally {
      setBusy(null);
    }
  }

  const tile = 'flex min-h-36 flex-col justify-between gap-3 rounded-lg border border-black/10 bg-surface p-5';
  return (
    <>
      {confirmDialog}
      <ul className="grid gap-4 sm:grid-cols-2">
        {flags.map(({ flag, noun, endpoint }) => {
          const on = details.data?.userData[flag];
          return (
            <li key={flag} className={tile}>
              <div>
                <h2 className="font-semibold text-lg capitalize">{texts.title(noun)}</h2>
                <p className="text-muted text-sm">{on === undefined ? texts.loading : on ? texts.on(noun) : texts.off(noun)}</p>
              </div>
              <label className="flex items-center gap-3">
                <button
                  type="button"
                  role="switch"
                  aria-checked={on ?? false}
                  aria-label={texts.switchLabel(noun)}
                  disabled={on === undefined || busy !== null}
                  onClick={() => toggle(flag, noun, endpoint)}
                  className={`relative h-7 w-12 rounded-full transition-colors disabled:opacity-60 ${on ? 'bg-primary' : 'bg-black/30'}`}
                >
                  <span
                    className={`absolute top-1 h-5 w-5 rounded-full bg-white transition-all ${on ? 'left-6' : 'left-1'}`}
                    aria-hidden="true"
                  />
                </button>
                <span className="text-sm">{on ? texts.turnOff(noun) : texts.turnOn(noun)}</span>
              </label>
            </li>
          );
        })}
        <li className={tile}>
          <div>
            <h2 className="font-semibold text-lg">Change Password</h2>
            <p className="text-muted text-sm">Set a new password; other devices are signed out.</p>
          </div>
          <Link to="/userAdmin/settings/changePassword" className="self-start rounded bg-primary px-4 py-2 text-on-primary">
            Change Password
          </Link>
        </li>
        <li className={tile}>
          <div>
            <h2 className="font-semibold text-lg">Theme &amp; Templates</h2>
            <p className="text-muted text-sm">Pick your storefront's colours and layout.</p>
          </div>
          <Link to="/userAdmin/settings/themes" className="self-start rounded bg-primary px-4 py-2 text-on-primary">
            Theme &amp; Templates
          </Link>
        </li>
      </ul>
    </>
  );
}
