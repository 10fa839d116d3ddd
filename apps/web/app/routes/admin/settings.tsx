import { PushToggle } from '../../features/settings/push-toggle';
import { SettingsTiles } from '../../features/settings/settings-tiles';

export const meta = () => [{ title: 'Settings | Admin' }];

export default function Settings() {
  return (
    <section className="mx-auto max-w-4xl space-y-6">
      <h1 className="font-bold text-2xl">Settings</h1>
      <SettingsTiles />
      <PushToggle />
    </section>
  );
}
