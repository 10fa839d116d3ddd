import type { SessionUser } from '@stashblog/contract/auth';
import { endpoints } from '@stashblog/contract/endpoints';
import { palettes, type Template, type Theme, templates, themeNames, themes } from '@stashblog/contract/themes';
import { useState } from 'react';
import { api, isOk, toastFailure } from '../../lib/api-client';
import { toast } from '../../ui/toasts';

const templateName = (t: Template) => (t === '' ? 'Base' : 'Template 1');

/** The storefront home with a theme/template applied for preview only (store.server honours these params). */
function previewUrl(user: SessionUser, theme: Theme, template: Template) {
  const q = new URLSearchParams({ previewTheme: theme || 'default', previewTemplate: template || 'base' });
  return `/${user.businessName}/home?${q}`;
}

/** SPEC "Themes & Templates": one of 12 theme colours and one of 2 templates, each with a preview; Save. */
export function ThemePicker({ user, onSaved }: { user: SessionUser; onSaved: (t: { theme: Theme; template: Template }) => void }) {
  const [theme, setTheme] = useState<Theme>((themes as readonly string[]).includes(user.theme) ? (user.theme as Theme) : '');
  const [template, setTemplate] = useState<Template>(user.template === 'template1' ? 'template1' : '');
  const [busy, setBusy] = useState(false);
  const changed = theme !== user.theme || template !== user.template;

  async function save() {
    if (busy) return;
    setBusy(true);
    try {
      const result = await api(endpoints.userAdminUser.updateTheme, { theme, template });
      if (!isOk(result)) return toastFailure(result);
      toast.success(result.message);
      onSaved(result.payload);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-8">
      <fieldset className="space-y-3">
        <legend className="mb-2 font-semibold text-lg">Theme</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {themes.map((t) => {
            const p = palettes[t];
            return (
              <label
                key={t || 'default'}
                className={`flex cursor-pointer items-center gap-3 rounded-lg border-2 p-3 focus-within:outline-2 ${theme === t ? 'border-primary' : 'border-black/10'}`}
              >
                <input type="radio" name="theme" value={t} checked={theme === t} onChange={() => setTheme(t)} className="sr-only" />
                <span
                  aria-hidden="true"
                  className="flex h-10 w-10 shrink-0 overflow-hidden rounded-full border border-black/20"
                  style={{ background: p.background }}
                >
                  <span className="h-full w-1/2" style={{ background: p.primary }} />
                  <span className="h-full w-1/2" style={{ background: p.surface }} />
                </span>
                <span className="text-sm">{themeNames[t]}</span>
                {theme === t ? <span className="ml-auto text-primary">✓</span> : null}
              </label>
            );
          })}
        </div>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="mb-2 font-semibold text-lg">Template</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {templates.map((t) => (
            <div key={t || 'base'} className={`rounded-lg border-2 p-4 ${template === t ? 'border-primary' : 'border-black/10'}`}>
              <label className="flex cursor-pointer items-center gap-3">
                <input type="radio" name="template" value={t} checked={template === t} onChange={() => setTemplate(t)} />
                <span className="font-medium">{templateName(t)}</span>
              </label>
              <p className="mt-1 text-muted text-sm">
                {t === '' ? 'Collage cards, catalogues block on the home page.' : 'Simple image cards, centred header, coloured footer.'}
              </p>
              <a href={previewUrl(user, theme, t)} target="_blank" rel="noopener" className="mt-2 inline-block text-primary underline">
                Preview {templateName(t)}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </div>
          ))}
        </div>
      </fieldset>

      <div className="flex justify-end">
        <button
          type="button"
          onClick={save}
          disabled={busy || !changed}
          className="rounded bg-primary px-6 py-2 text-on-primary disabled:opacity-60"
        >
          {busy ? 'Saving…' : 'Save'}
        </button>
      </div>
    </div>
  );
}
