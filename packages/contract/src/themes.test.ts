import { describe, expect, it } from 'vitest';
import { palettes, themeCssVariables, themes } from './themes.ts';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('themes', () => {
  it('has a palette for each of the 12 SPEC themes, all distinct', () => {
    expect(themes).toHaveLength(12);
    expect(Object.keys(palettes).sort()).toEqual([...themes].sort());
    const signatures = themes.map((t) => JSON.stringify(palettes[t]));
    expect(new Set(signatures).size).toBe(12);
    expect(new Set(themes.map((t) => palettes[t].primary)).size).toBe(12);
  });

  it('keeps the SPEC default colours', () => {
    expect(palettes[''].primary).toBe('#181818');
    expect(palettes[''].background).toBe('#ffffff');
  });

  it.each(themes.map((t) => [t || 'default', t] as const))('%s meets WCAG AA for every text pair', (_label, theme) => {
    const p = palettes[theme];
    for (const [fg, bg] of [
      [p.text, p.background],
      [p.text, p.surface],
      [p.muted, p.background],
      [p.muted, p.surface],
      [p.onPrimary, p.primary],
      [p.primary, p.background],
    ]) {
      expect(contrast(fg, bg), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('turns a theme into CSS custom properties, unknown values giving the default', () => {
    expect(themeCssVariables('theme7')['--color-background']).toBe('#0f172a');
    expect(themeCssVariables('nope')).toEqual(themeCssVariables(''));
    expect(themeCssVariables(undefined)['--color-primary']).toBe('#181818');
  });
});
