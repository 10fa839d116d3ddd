import { type ItemNoun, type Placement, visibilityTexts as texts } from '@stashblog/contract/visibility-texts';
import { toast } from '../../ui/toasts';

/** The Add forms' Visibility choice (issue 22 item 4): Public or Private, as radio buttons with what each means. */
export function VisibilityField({
  noun,
  value,
  onChange,
  name = 'isPublic',
}: {
  noun: ItemNoun;
  value: boolean;
  onChange: (isPublic: boolean) => void;
  name?: string;
}) {
  const options = [
    { isPublic: true, label: texts.public, hint: texts.publicHint(noun) },
    { isPublic: false, label: texts.private, hint: texts.privateHint(noun) },
  ];
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-medium text-sm">{texts.legend}</legend>
      {options.map((o) => (
        <label key={o.label} className="flex cursor-pointer items-start gap-2 rounded border border-black/10 px-3 py-2">
          <input
            type="radio"
            name={name}
            value={String(o.isPublic)}
            checked={value === o.isPublic}
            onChange={() => onChange(o.isPublic)}
            className="mt-1 accent-primary"
          />
          <span className="flex flex-col">
            <span className="font-medium">{o.label}</span>
            <span className="text-muted text-sm">{o.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The create call's message as a toast: green on the storefront, blue when private, yellow when the store hides it. */
export function toastCreated(placement: Placement, message: string) {
  const show = placement === 'storefront' ? toast.success : placement === 'private' ? toast.info : toast.warning;
  show(message);
}
