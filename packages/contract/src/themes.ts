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
