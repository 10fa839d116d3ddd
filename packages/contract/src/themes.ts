// SPEC §3: themes '' (default) and theme1..theme11; templates '' (base) and template1.
export const themes = [
  '',
  'theme1',
  'theme2',
  'theme3',
  'theme4',
  'theme5',
  'theme6',
  'theme7',
  'theme8',
  'theme9',
  'theme10',
  'theme11',
] as const;
export const templates = ['', 'template1'] as const;
export type Theme = (typeof themes)[number];
export type Template = (typeof templates)[number];

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (themes as readonly string[]).includes(value);
}
export function isTemplate(value: unknown): value is Template {
  return typeof value === 'string' && (templates as readonly string[]).includes(value);
}

/** One theme's colours. `text`/`muted` sit on `background` and `surface`; `onPrimary` sits on `primary`. */
export type Palette = { primary: string; onPrimary: string; background: string; surface: string; text: string; muted: string };

// Every pair that carries text meets WCAG AA (4.5:1); themes.test.ts checks it. Two dark themes
// (theme7, theme10) give owners a night look; primary is also readable as a link colour on background.
export const palettes: Record<Theme, Palette> = {
  '': { primary: '#181818', onPrimary: '#ffffff', background: '#ffffff', surface: '#f5f5f5', text: '#181818', muted: '#555555' },
  theme1: { primary: '#0b5394', onPrimary: '#ffffff', background: '#ffffff', surface: '#f1f6fb', text: '#1b2733', muted: '#4a5968' },
  theme2: { primary: '#2e6b30', onPrimary: '#ffffff', background: '#fbfdf8', surface: '#eef5ea', text: '#1d2a1b', muted: '#4d5c49' },
  theme3: { primary: '#a4161a', onPrimary: '#ffffff', background: '#fffafa', surface: '#fbeeee', text: '#2b1214', muted: '#5e4446' },
  theme4: { primary: '#5b2a86', onPrimary: '#ffffff', background: '#fcfaff', surface: '#f2ecf9', text: '#24163a', muted: '#54476a' },
  theme5: { primary: '#a84300', onPrimary: '#ffffff', background: '#fffbf5', surface: '#fdf0e0', text: '#2d1a06', muted: '#5f4a35' },
  theme6: { primary: '#00695c', onPrimary: '#ffffff', background: '#f7fdfc', surface: '#e6f4f1', text: '#102a27', muted: '#42605b' },
  theme7: { primary: '#8ab4f8', onPrimary: '#0b1526', background: '#0f172a', surface: '#1e293b', text: '#e2e8f0', muted: '#a3b1c6' },
  theme8: { primary: '#ad1457', onPrimary: '#ffffff', background: '#fff8fb', surface: '#fbeaf1', text: '#2e0f1d', muted: '#634452' },
  theme9: { primary: '#37474f', onPrimary: '#ffffff', background: '#f8fafb', surface: '#eceff1', text: '#1c262b', muted: '#505f66' },
  theme10: { primary: '#f2c14e', onPrimary: '#1a1a1a', background: '#1a1a1a', surface: '#262626', text: '#f5f5f5', muted: '#b8b8b8' },
  theme11: { primary: '#3949ab', onPrimary: '#ffffff', background: '#ffffff', surface: '#eef0fa', text: '#1a1f3d', muted: '#4b5175' },
};

/** What the Themes page calls each theme, after its colours (issue 22: names, not 'Theme 1–11'). */
export const themeNames: Record<Theme, string> = {
  '': 'Charcoal (default)',
  theme1: 'Ocean Blue',
  theme2: 'Forest Green',
  theme3: 'Crimson',
  theme4: 'Royal Purple',
  theme5: 'Terracotta',
  theme6: 'Teal',
  theme7: 'Midnight',
  theme8: 'Rose',
  theme9: 'Slate',
  theme10: 'Night Gold',
  theme11: 'Indigo',
};

/** CSS custom properties for a theme (Tailwind 4's `--color-*` namespace); unknown values fall back to the default. */
export function themeCssVariables(theme: string | null | undefined): Record<string, string> {
  const p = palettes[isTheme(theme) ? theme : ''];
  return {
    '--color-primary': p.primary,
    '--color-on-primary': p.onPrimary,
    '--color-background': p.background,
    '--color-surface': p.surface,
    '--color-text': p.text,
    '--color-muted': p.muted,
  };
}
