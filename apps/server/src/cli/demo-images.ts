import sharp from 'sharp';
import { z } from 'zod';

// Demo pictures are drawn by code (an SVG rendered by sharp), so the repository ships no images:
// product illustrations on a studio backdrop (wall, table, soft shadow), never any text. Each
// drawing is centred on its base, on the table, in a 1000-unit square, up being negative y.

export const pieceKinds = ['pepper', 'pod', 'clove', 'cashew', 'almond', 'raisin', 'leaf', 'granule', 'powder'] as const;
export const drawingKinds = [
  'vase',
  'planter',
  'bowl',
  'textile',
  'cushion',
  'diya',
  'elephant',
  'hanging',
  'coasters',
  'earrings',
  'bangles',
  'necklace',
  'tote',
  'jar',
  'heap',
  'sack',
  'basket',
  'sticks',
  'tin',
  'cup',
] as const;

const hex = z.string().regex(/^#[0-9a-f]{6}$/i);
/** How one product is drawn: what, in which colours, on which backdrop; `piece` is what fills a jar, bowl or sack. */
export const drawingSchema = z.object({
  kind: z.enum(drawingKinds),
  body: hex,
  accent: hex,
  backdrop: hex,
  piece: z.enum(pieceKinds).optional(),
  pattern: z.enum(['block', 'dots', 'stripes']).optional(),
});
export type Drawing = z.infer<typeof drawingSchema>;

// ---- colours and a seeded random, so the same product is drawn the same way on every seed

function mix(a: string, b: string, t: number): string {
  const pa = [1, 3, 5].map((i) => Number.parseInt(a.slice(i, i + 2), 16));
  const pb = [1, 3, 5].map((i) => Number.parseInt(b.slice(i, i + 2), 16));
  return `#${pa
    .map((v, i) =>
      Math.round(v + ((pb[i] as number) - v) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
/** Lighter towards white for t > 0, darker towards black for t < 0. */
const shade = (c: string, t: number) => (t >= 0 ? mix(c, '#ffffff', t) : mix(c, '#000000', -t));

function random(seed: string): () => number {
  let a = 0;
  for (const c of seed) a = (Math.imul(a, 31) + c.charCodeAt(0)) | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Collects <defs> (gradients, patterns, clips) for one picture, each made once. */
class Defs {
  private items = new Map<string, string>();
  private n = 0;
  constructor(readonly rnd: () => number) {}
  private add(key: string, make: (id: string) => string): string {
    let id = this.items.get(key)?.match(/id="([^"]+)"/)?.[1];
    if (!id) {
      id = `d${this.n++}`;
      this.items.set(key, make(id));
    }
    return id;
  }
  /** Lit from the left like a cylinder. */
  cyl(c: string): string {
    const id = this.add(`cyl${c}`, (id) => {
      const stops = [
        [0, shade(c, -0.35)],
        [0.3, shade(c, 0.22)],
        [0.55, c],
        [1, shade(c, -0.45)],
      ];
      return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0">${stops.map(([o, s]) => `<stop offset="${o}" stop-color="${s}"/>`).join('')}</linearGradient>`;
    });
    return `url(#${id})`;
  }
  /** Lit from the top. */
  vertical(c: string): string {
    const id = this.add(`v${c}`, (id) => {
      return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(c, 0.18)}"/><stop offset="1" stop-color="${shade(c, -0.3)}"/></linearGradient>`;
    });
    return `url(#${id})`;
  }
  /** From one colour at the top to another at the bottom (a wall, a table). */
  span(top: string, bottom: string): string {
    const id = this.add(`s${top}${bottom}`, (id) => {
      return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
    });
    return `url(#${id})`;
  }
  /** A sphere or a gem, lit from the top left. */
  ball(c: string): string {
    const id = this.add(`b${c}`, (id) => {
      return `<radialGradient id="${id}" cx="0.35" cy="0.3" r="0.75"><stop offset="0" stop-color="${shade(c, 0.6)}"/><stop offset="0.45" stop-color="${c}"/><stop offset="1" stop-color="${shade(c, -0.5)}"/></radialGradient>`;
    });
    return `url(#${id})`;
  }
  glow(c: string): string {
    const id = this.add(`g${c}`, (id) => {
      return `<radialGradient id="${id}"><stop offset="0" stop-color="${c}" stop-opacity="0.7"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></radialGradient>`;
    });
    return `url(#${id})`;
  }
  /** A textile or weave filling, in user space so it does not stretch with the shape. */
  pattern(kind: 'block' | 'dots' | 'stripes' | 'jute' | 'weave', bg: string, fg: string): string {
    const id = this.add(`p${kind}${bg}${fg}`, (id) => {
      const body: Record<typeof kind, [number, string]> = {
        block: [
          56,
          `<circle cx="28" cy="28" r="9" fill="${fg}"/>${[0, 90, 180, 270].map((a) => `<ellipse cx="28" cy="14" rx="4" ry="8" fill="${fg}" transform="rotate(${a} 28 28)"/>`).join('')}<circle cx="0" cy="0" r="4" fill="${fg}"/><circle cx="56" cy="56" r="4" fill="${fg}"/><circle cx="56" cy="0" r="4" fill="${fg}"/><circle cx="0" cy="56" r="4" fill="${fg}"/>`,
        ],
        dots: [
          30,
          `<circle cx="8" cy="8" r="4" fill="${fg}"/><circle cx="23" cy="23" r="4" fill="${fg}"/><circle cx="23" cy="8" r="1.6" fill="${shade(fg, -0.2)}"/>`,
        ],
        stripes: [40, `<rect y="0" width="40" height="9" fill="${fg}"/><rect y="18" width="40" height="3" fill="${shade(fg, -0.25)}"/>`],
        jute: [
          12,
          `<path d="M0 3h12M0 9h12" stroke="${fg}" stroke-width="2.2" opacity="0.55"/><path d="M3 0v12M9 0v12" stroke="${shade(bg, 0.25)}" stroke-width="1.6" opacity="0.6"/>`,
        ],
        weave: [
          36,
          `<rect width="18" height="18" fill="${fg}"/><rect x="18" y="18" width="18" height="18" fill="${fg}"/><path d="M0 18h36M18 0v36" stroke="${shade(bg, -0.35)}" stroke-width="2"/>`,
        ],
      };
      const [size, inner] = body[kind];
      return `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="${bg}"/>${inner}</pattern>`;
    });
    return `url(#${id})`;
  }
  clip(shape: string): string {
    const id = this.add(`c${this.n}${shape}`, (id) => `<clipPath id="${id}">${shape}</clipPath>`);
    return `url(#${id})`;
  }
  /** A soft contact shadow (a gradient: a blur filter costs several times the whole picture). */
  shadow(): string {
    const id = this.add('shadow', (id) => {
      return `<radialGradient id="${id}"><stop offset="0" stop-color="#000000" stop-opacity="0.34"/><stop offset="0.6" stop-color="#000000" stop-opacity="0.16"/><stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient>`;
    });
    return `url(#${id})`;
  }
  toString() {
    return `<defs>${[...this.items.values()].join('')}</defs>`;
  }
}

const r1 = (v: number) => Math.round(v * 10) / 10;

// ---- loose pieces: spices, nuts, tea

const pieceColours: Record<(typeof pieceKinds)[number], string> = {
  pepper: '#2e231b',
  pod: '#7f9a3c',
  clove: '#5a3420',
  cashew: '#ecd9ae',
  almond: '#9a5b32',
  raisin: '#c58a2c',
  leaf: '#3b2a1c',
  granule: '#4a2f1d',
  powder: '#e0a21b',
};

function piece(kind: (typeof pieceKinds)[number], x: number, y: number, scale: number, angle: number, tint: string): string {
  // flat fills with an outline: a gradient per piece is what made a jar of spice slow to render
  const c = tint;
  const dark = shade(tint, -0.35);
  const shapes: Record<typeof kind, string> = {
    pepper: `<circle r="11" fill="${c}" stroke="${dark}" stroke-width="1.5"/>`,
    pod: `<ellipse rx="21" ry="11" fill="${c}" stroke="${dark}" stroke-width="1.5"/><path d="M-16 0h30" stroke="${shade(c, -0.3)}" stroke-width="2"/>`,
    clove: `<rect x="-3" y="-2" width="28" height="5" rx="2" fill="${c}"/><circle cx="-6" cy="0" r="8" fill="${c}" stroke="${dark}" stroke-width="1.5"/>`,
    cashew: `<path d="M-22 2C-24-20 18-24 22-4C12-12-6-10-6 6Z" fill="${c}" stroke="${dark}" stroke-width="1.5"/>`,
    almond: `<path d="M-24 0C-10-16 14-14 26 0C14 13-10 14-24 0Z" fill="${c}" stroke="${dark}" stroke-width="1.5"/><path d="M-14 0h28" stroke="${shade(c, -0.25)}" stroke-width="1.5"/>`,
    raisin: `<ellipse rx="13" ry="10" fill="${c}" stroke="${dark}" stroke-width="1.5"/><path d="M-7-2q7 5 13 0" stroke="${shade(c, -0.35)}" stroke-width="1.5" fill="none"/>`,
    leaf: `<path d="M-14 0C-8-7 8-7 14 0C8 5-8 5-14 0Z" fill="${c}"/>`,
    granule: `<circle r="5" fill="${c}"/>`,
    powder: `<circle r="4" fill="${shade(c, -0.15)}"/>`,
  };
  return `<g transform="translate(${r1(x)} ${r1(y)}) rotate(${Math.round(angle)}) scale(${r1(scale * 10) / 10})">${shapes[kind]}</g>`;
}

/** Pieces filling an ellipse-ish region (a heap, a jar, the mouth of a sack), back to front. */
function pieces(d: Defs, kind: (typeof pieceKinds)[number], region: { x: number; y: number; w: number; h: number }, count: number): string {
  const base = pieceColours[kind];
  const out: string[] = [];
  const pts = Array.from({ length: count }, () => [d.rnd(), d.rnd(), d.rnd(), d.rnd()] as const).sort((a, b) => a[1] - b[1]);
  for (const [u, v, s, a] of pts) {
    // three tones only: each tone is one gradient, and hundreds of gradients slow the rendering down
    const tint = mix(base, u > 0.5 ? '#ffffff' : '#000000', s > 0.5 ? 0.15 : 0);
    out.push(piece(kind, region.x + (u - 0.5) * region.w, region.y + (v - 0.5) * region.h, 0.85 + s * 0.4, a * 360, tint));
  }
  return out.join('');
}

// ---- the drawings

type Draw = (d: Defs, p: Drawing) => string;

const vase: Draw = (d, p) => {
  const outline =
    'M-70-560L70-560C70-520 45-500 50-460C60-400 230-360 230-220C230-100 140-20 110 0L-110 0C-140-20-230-100-230-220C-230-360-60-400-50-460C-45-500-70-520-70-560Z';
  const clip = d.clip(`<path d="${outline}"/>`);
  const petals = Array.from(
    { length: 8 },
    (_, i) => `<ellipse cx="0" cy="-290" rx="26" ry="62" fill="${p.accent}" transform="rotate(${i * 45} 0 -220)"/>`,
  );
  const dots = (y: number, n: number, w: number) =>
    Array.from({ length: n }, (_, i) => `<circle cx="${r1(-w + (2 * w * i) / (n - 1))}" cy="${y}" r="12" fill="${p.accent}"/>`).join('');
  return `<path d="${outline}" fill="${d.cyl(p.body)}"/>
  <g clip-path="${clip}">${petals.join('')}<circle cx="0" cy="-220" r="34" fill="${shade(p.accent, 0.35)}"/>
  <rect x="-240" y="-418" width="480" height="16" fill="${p.accent}"/>${dots(-385, 9, 200)}${dots(-60, 9, 170)}
  <rect x="-240" y="-32" width="480" height="14" fill="${p.accent}"/>
  <rect x="-240" y="-600" width="480" height="600" fill="${d.cyl('#808080')}" opacity="0.25"/></g>
  <ellipse cx="-135" cy="-250" rx="22" ry="90" fill="#ffffff" opacity="0.28"/>
  <ellipse cx="0" cy="-560" rx="70" ry="14" fill="${shade(p.body, -0.55)}"/>`;
};

const planter: Draw = (d, p) => {
  const pot = (x: number, w: number, h: number, tint: number) => {
    const c = shade(p.body, tint);
    const leaves = Array.from({ length: 7 }, (_, i) => {
      const a = -70 + i * 23 + (d.rnd() - 0.5) * 10;
      const len = h * (0.55 + d.rnd() * 0.3);
      return `<ellipse cx="0" cy="${r1(-len / 2)}" rx="${r1(w * 0.09)}" ry="${r1(len / 2)}" fill="${shade(p.accent, (d.rnd() - 0.5) * 0.4)}" transform="translate(${x} ${-h - 40}) rotate(${r1(a)})"/>`;
    });
    return `${leaves.join('')}
    <path d="M${x - w * 0.39} 0L${x + w * 0.39} 0L${x + w / 2} ${-h}L${x - w / 2} ${-h}Z" fill="${d.cyl(c)}"/>
    <rect x="${x - w / 2 - 12}" y="${-h - 40}" width="${w + 24}" height="44" rx="6" fill="${d.cyl(shade(c, 0.08))}"/>
    <path d="M${x - w / 2 + 4} ${-h - 18}h${w - 8}" stroke="${shade(c, 0.6)}" stroke-width="5" stroke-dasharray="4 14" stroke-linecap="round"/>`;
  };
  return `${pot(-250, 180, 170, 0.06)}${pot(255, 200, 200, -0.06)}${pot(0, 300, 290, 0)}`;
};

const bowl: Draw = (d, p) => {
  const band = Array.from({ length: 9 }, (_, i) => {
    const x = -240 + i * 60;
    const squeeze = Math.cos((x / 300) * (Math.PI / 2));
    return `<ellipse cx="${x}" cy="-150" rx="${r1(18 * squeeze + 4)}" ry="30" fill="${p.accent}"/><circle cx="${x + 30}" cy="-95" r="${r1(7 * squeeze + 2)}" fill="${p.accent}"/>`;
  });
  return `<ellipse cx="0" cy="-4" rx="100" ry="18" fill="${shade(p.body, -0.4)}"/>
  <path d="M-300-210C-300-60-160-10 0-10C160-10 300-60 300-210Z" fill="${d.cyl(p.body)}"/>
  ${band.slice(0, 8).join('')}
  <ellipse cx="0" cy="-210" rx="300" ry="70" fill="${shade(p.body, 0.1)}"/>
  <ellipse cx="0" cy="-205" rx="278" ry="60" fill="${d.vertical(shade(p.body, -0.25))}"/>
  <circle cx="0" cy="-200" r="40" fill="none" stroke="${p.accent}" stroke-width="10" transform="scale(1 0.3) translate(0 -460)"/>
  <ellipse cx="0" cy="-210" rx="300" ry="70" fill="none" stroke="${p.accent}" stroke-width="8"/>`;
};

const textile: Draw = (d, p) => {
  const kind = p.pattern ?? 'block';
  const tones = [shade(p.body, -0.08), mix(p.body, p.accent, 0.35), p.body];
  const fold = d.vertical('#888888');
  const slabs = tones.map((c, k) => {
    const y = -k * 96;
    const fill = d.pattern(kind, c, k === 1 ? p.body : p.accent);
    return `<rect x="-270" y="${y - 92}" width="540" height="92" rx="40" fill="${fill}"/>
    <rect x="-270" y="${y - 92}" width="540" height="92" rx="40" fill="${fold}" opacity="0.35"/>
    <path d="M-250 ${y - 6}h500" stroke="${shade(c, -0.35)}" stroke-width="4" opacity="0.5"/>`;
  });
  const top = -3 * 96;
  const topFill = d.pattern(kind, tones[2] as string, p.accent);
  const drape =
    kind === 'dots'
      ? `<path d="M170 ${top}C260 ${top + 40} 250 -60 300 0L120 0C150-80 120 ${top + 80} 90 ${top}Z" fill="${d.pattern(kind, shade(p.body, -0.12), p.accent)}"/>
    <path d="M120 0h180" stroke="${p.accent}" stroke-width="10" stroke-dasharray="6 8"/>`
      : '';
  return `${slabs.join('')}
  <path d="M-270 ${top}L270 ${top}L220 ${top - 150}L-220 ${top - 150}Z" fill="${topFill}"/>
  <path d="M-270 ${top}L270 ${top}L220 ${top - 150}L-220 ${top - 150}Z" fill="#ffffff" opacity="0.12"/>
  <path d="M-220 ${top - 150}h440" stroke="${p.accent}" stroke-width="8"/>${drape}`;
};

const cushion: Draw = (d, p) => {
  const one = (c: string, dx: number, s: number) => {
    const shape = 'M-250-560Q0-520 250-560Q215-300 250-40Q0-80-250-40Q-285-300-250-560Z';
    const petals = Array.from(
      { length: 12 },
      (_, i) => `<ellipse cx="0" cy="-385" rx="18" ry="48" fill="${p.accent}" transform="rotate(${i * 30} 0 -300)"/>`,
    );
    const mirrors = Array.from({ length: 8 }, (_, i) => {
      const a = (i * Math.PI) / 4;
      return `<circle cx="${r1(Math.cos(a) * 150)}" cy="${r1(-300 + Math.sin(a) * 150)}" r="14" fill="${d.ball('#c8ccd2')}" stroke="${p.accent}" stroke-width="5"/>`;
    });
    return `<g transform="translate(${dx} 0) scale(${s})"><path d="${shape}" fill="${d.ball(c)}"/>
    <path d="M-200-500Q0-470 200-500Q172-300 200-100Q0-128-200-100Q-228-300-200-500Z" fill="none" stroke="${p.accent}" stroke-width="7" stroke-dasharray="14 9"/>
    ${petals.join('')}<circle cx="0" cy="-300" r="46" fill="${shade(p.accent, -0.2)}"/><circle cx="0" cy="-300" r="22" fill="${d.ball('#d9dde2')}"/>${mirrors.join('')}</g>`;
  };
  return `${one(mix(p.body, p.accent, 0.4), 190, 0.8)}${one(p.body, -60, 1)}`;
};

const diya: Draw = (d, p) => {
  const flame = 'M330-360C362-285 372-222 330-212C288-222 298-285 330-360Z';
  return `<circle cx="330" cy="-250" r="170" fill="${d.glow('#ffc94a')}"/>
  <path d="M-160 0L160 0L115-44L-115-44Z" fill="${d.cyl(p.body)}"/>
  <path d="M-42-44L42-44L26-190L-26-190Z" fill="${d.cyl(p.body)}"/>
  <ellipse cx="0" cy="-118" rx="56" ry="24" fill="${d.cyl(shade(p.body, 0.1))}"/>
  <g transform="translate(0 -180)">
    <path d="M-250-150C-240-60-130-20 0-20C130-20 240-60 250-150Z" fill="${d.cyl(p.body)}"/>
    <path d="M200-160Q300-205 345-200Q300-150 220-125Z" fill="${d.cyl(p.body)}"/>
    <ellipse cx="0" cy="-150" rx="250" ry="42" fill="${shade(p.body, 0.15)}"/>
    <ellipse cx="0" cy="-146" rx="228" ry="32" fill="#6b4410"/>
    <path d="M-220-100Q0-40 220-100" stroke="${p.accent}" stroke-width="7" fill="none" stroke-dasharray="3 12" stroke-linecap="round"/>
  </g>
  <path d="${flame}" fill="#ff9a1f" transform="translate(0 -10)"/>
  <path d="M330-330C350-280 354-240 330-232C306-240 312-280 330-330Z" fill="#ffe9a8"/>`;
};

const elephant: Draw = (d, p) => {
  const wood = p.body;
  const leg = (x: number, c: string) => `<rect x="${x}" y="-250" width="74" height="210" rx="22" fill="${d.cyl(c)}"/>`;
  const grain = Array.from(
    { length: 6 },
    (_, i) =>
      `<path d="M-230 ${-380 + i * 30}q120 ${14 - i * 3} 220 0" stroke="${shade(wood, -0.3)}" stroke-width="3" fill="none" opacity="0.45"/>`,
  );
  return `<rect x="-300" y="-42" width="640" height="42" rx="8" fill="${d.vertical(shade(wood, -0.2))}"/>
  ${leg(-205, shade(wood, -0.25))}${leg(45, shade(wood, -0.25))}
  <path d="M-270-210Q-300-260-285-330" stroke="${shade(wood, -0.2)}" stroke-width="12" fill="none" stroke-linecap="round"/>
  <ellipse cx="-40" cy="-330" rx="230" ry="160" fill="${d.vertical(wood)}"/>${grain.join('')}
  ${leg(-140, wood)}${leg(110, wood)}
  <path d="M-150-470Q-40-500 70-470L90-300Q-40-270-170-300Z" fill="${p.accent}"/>
  <path d="M-150-470Q-40-500 70-470L90-300Q-40-270-170-300Z" fill="none" stroke="#e8c15a" stroke-width="8" stroke-dasharray="2 12" stroke-linecap="round"/>
  <path d="M275-390C335-300 330-190 300-130C290-110 310-95 330-110" stroke="${wood}" stroke-width="62" fill="none" stroke-linecap="round"/>
  <circle cx="190" cy="-410" r="125" fill="${d.ball(wood)}"/>
  <ellipse cx="120" cy="-390" rx="82" ry="112" fill="${shade(wood, -0.18)}"/>
  <path d="M252-318Q300-262 340-280" stroke="#f3ead6" stroke-width="18" fill="none" stroke-linecap="round"/>
  <circle cx="235" cy="-440" r="11" fill="#1d140c"/>
  <path d="M150-520Q200-545 250-515" stroke="#e8c15a" stroke-width="10" fill="none" stroke-linecap="round"/>`;
};

const hanging: Draw = (d, p) => {
  const mirrors: string[] = [];
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 3; col++) {
      const x = -140 + col * 140;
      const y = -600 + row * 115;
      mirrors.push(
        `<circle cx="${x}" cy="${y}" r="40" fill="none" stroke="${shade(p.accent, (row + col) % 2 ? 0.3 : -0.1)}" stroke-width="12" stroke-dasharray="6 5"/><circle cx="${x}" cy="${y}" r="26" fill="${d.ball('#dfe4ea')}"/>`,
      );
    }
  }
  const tassels = Array.from(
    { length: 7 },
    (_, i) =>
      `<path d="M${-210 + i * 70}-205l-18 100h36Z" fill="${i % 2 ? p.accent : shade(p.accent, 0.4)}"/><circle cx="${-210 + i * 70}" cy="-212" r="10" fill="${d.ball('#e8c15a')}"/>`,
  );
  return `<path d="M-250-735L0-850L250-735" stroke="#6b5a44" stroke-width="5" fill="none"/><circle cx="0" cy="-850" r="9" fill="#555"/>
  <rect x="-250" y="-650" width="500" height="460" rx="30" fill="#000000" opacity="0.18" transform="translate(22 26)"/>
  <rect x="-240" y="-680" width="480" height="480" rx="6" fill="${d.vertical(p.body)}"/>
  <rect x="-215" y="-655" width="430" height="430" fill="none" stroke="${p.accent}" stroke-width="10" stroke-dasharray="16 8"/>
  ${mirrors.join('')}${tassels.join('')}
  <rect x="-300" y="-748" width="600" height="28" rx="14" fill="${d.vertical('#8a5a30')}"/>
  <circle cx="-305" cy="-734" r="22" fill="${d.ball('#8a5a30')}"/><circle cx="305" cy="-734" r="22" fill="${d.ball('#8a5a30')}"/>`;
};

const coasters: Draw = (d, p) => {
  const marble = p.body;
  const veins = Array.from({ length: 5 }, (_, i) => {
    const y = -150 + i * 60;
    return `<path d="M-170 ${y}q60 ${(d.rnd() - 0.5) * 60} 120 ${20 - d.rnd() * 40}t120 ${20 - d.rnd() * 40}t120 0" stroke="${shade(marble, -0.25)}" stroke-width="2" fill="none" opacity="0.6"/>`;
  });
  const flower = (s: number) =>
    `${Array.from({ length: 8 }, (_, i) => `<ellipse cx="0" cy="${-80 * s}" rx="${22 * s}" ry="${55 * s}" fill="${i % 2 ? p.accent : shade(p.accent, 0.3)}" transform="rotate(${i * 45})"/>`).join('')}<circle r="${28 * s}" fill="#d4a017"/>${Array.from({ length: 16 }, (_, i) => `<ellipse cx="0" cy="${-140 * s}" rx="${7 * s}" ry="${16 * s}" fill="#3f7d3a" transform="rotate(${i * 22.5})"/>`).join('')}`;
  const stack = Array.from({ length: 5 }, (_, k) => {
    const y = -k * 22;
    return `<path d="M-170 ${y - 20}v20a170 50 0 0 0 340 0v-20Z" fill="${d.cyl(shade(marble, -0.1))}"/><ellipse cx="0" cy="${y - 20}" rx="170" ry="50" fill="${marble}"/>`;
  });
  const clip = d.clip('<circle cx="0" cy="0" r="170"/>');
  return `<g transform="translate(-130 0)">${stack.join('')}<g transform="translate(0 -108) scale(1 0.3)">${flower(1)}</g></g>
  <g transform="translate(170 -180) rotate(6)"><circle r="178" fill="${shade(marble, -0.2)}"/><circle r="170" fill="${d.ball(marble)}"/>
  <g clip-path="${clip}"><g transform="translate(0 0)">${veins.join('')}</g></g>${flower(1)}</g>`;
};

const earrings: Draw = (d, p) => {
  const gold = '#d4a534';
  const one = (x: number) => {
    const stones = Array.from({ length: 10 }, (_, i) => {
      const a = (i * Math.PI) / 5;
      return `<circle cx="${r1(x + Math.cos(a) * 44)}" cy="${r1(-520 + Math.sin(a) * 44)}" r="8" fill="${d.ball('#f4f1ea')}"/>`;
    });
    const pearls = Array.from({ length: 7 }, (_, i) => {
      const a = Math.PI * (0.15 + (i * 0.7) / 6);
      return `<line x1="${r1(x + Math.cos(a) * 88)}" y1="${r1(-300 + Math.sin(a) * 60)}" x2="${r1(x + Math.cos(a) * 92)}" y2="${r1(-270 + Math.sin(a) * 60)}" stroke="${gold}" stroke-width="3"/><circle cx="${r1(x + Math.cos(a) * 92)}" cy="${r1(-262 + Math.sin(a) * 60)}" r="11" fill="${d.ball('#f6f2e8')}"/>`;
    });
    return `<path d="M${x}-560q0-70 40-80q30-5 30 40" stroke="${gold}" stroke-width="7" fill="none"/>
    <path d="M${x}-470C${x + 110}-400 ${x + 100}-260 ${x}-250C${x - 100}-260 ${x - 110}-400 ${x}-470Z" fill="${d.cyl(gold)}"/>
    <path d="M${x}-440C${x + 75}-385 ${x + 70}-285 ${x}-278C${x - 70}-285 ${x - 75}-385 ${x}-440Z" fill="${d.ball(p.accent)}"/>
    ${pearls.join('')}<circle cx="${x}" cy="-520" r="50" fill="${d.cyl(gold)}"/>${stones.join('')}<circle cx="${x}" cy="-520" r="26" fill="${d.ball(p.body)}"/>`;
  };
  return `<rect x="-280" y="-760" width="560" height="760" rx="26" fill="${d.vertical(shade(p.backdrop, -0.62))}"/>
  <rect x="-250" y="-700" width="500" height="14" rx="7" fill="${d.vertical('#b8b8b8')}"/>${one(-120)}${one(120)}`;
};

const bangles: Draw = (d, p) => {
  const ring = (cx: number, cy: number, rx: number, ry: number, c: string, rot = 0) =>
    `<g transform="rotate(${rot} ${cx} ${cy})"><ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="none" stroke="${shade(c, -0.4)}" stroke-width="38"/>
    <ellipse cx="${cx}" cy="${cy - 4}" rx="${rx}" ry="${ry}" fill="none" stroke="${d.cyl(c)}" stroke-width="30"/>
    <ellipse cx="${cx}" cy="${cy - 4}" rx="${rx}" ry="${ry}" fill="none" stroke="${p.accent}" stroke-width="6" stroke-dasharray="3 9"/></g>`;
  const stack = Array.from({ length: 5 }, (_, k) => ring(-130, -40 - k * 34, 170, 58, shade(p.body, (k % 2) * 0.12)));
  return `${stack.join('')}${ring(200, -175, 150, 150, p.body, -8)}${ring(250, -150, 140, 140, shade(p.body, -0.1), 10)}`;
};

const necklace: Draw = (d, p) => {
  const velvet = shade(p.backdrop, -0.6);
  const strand = (depth: number, n: number, r: number) =>
    Array.from({ length: n }, (_, i) => {
      const t = -Math.PI * 0.45 + (i * Math.PI * 0.9) / (n - 1);
      const c = i % 3 === 1 ? '#d4a534' : i % 2 ? p.accent : p.body;
      return `<circle cx="${r1(200 * Math.sin(t))}" cy="${r1(-520 + depth * Math.cos(t))}" r="${i % 3 === 1 ? r * 0.55 : r}" fill="${d.ball(c)}"/>`;
    }).join('');
  return `<path d="M-90-720L90-720L110-500C300-460 330-300 330 0L-330 0C-330-300-300-460-110-500Z" fill="${d.cyl(velvet)}"/>
  ${strand(220, 25, 17)}${strand(300, 29, 19)}
  <path d="M0-205C40-180 40-120 0-90C-40-120-40-180 0-205Z" fill="${d.ball(p.accent)}" stroke="#d4a534" stroke-width="8"/>`;
};

const tote: Draw = (d, p) => {
  const motif = Array.from(
    { length: 8 },
    (_, i) => `<ellipse cx="0" cy="-75" rx="24" ry="60" fill="${p.accent}" transform="rotate(${i * 45})"/>`,
  );
  return `<path d="M150-520C150-790-150-790-150-520" stroke="${shade(p.body, -0.35)}" stroke-width="22" fill="none" transform="translate(30 -10)"/>
  <path d="M-240-520L240-520L262 0L-262 0Z" fill="${d.pattern('jute', p.body, shade(p.body, -0.25))}"/>
  <path d="M-240-520L240-520L262 0L-262 0Z" fill="${d.cyl('#999999')}" opacity="0.3"/>
  <rect x="-244" y="-530" width="488" height="40" fill="${shade(p.body, -0.2)}"/>
  <path d="M-236-478h472M-254-28h508" stroke="${shade(p.body, 0.3)}" stroke-width="4" stroke-dasharray="10 8"/>
  <g transform="translate(0 -260)">${motif.join('')}<circle r="38" fill="${shade(p.accent, 0.4)}"/><circle r="120" fill="none" stroke="${p.accent}" stroke-width="8"/></g>
  <path d="M150-520C150-790-150-790-150-520" stroke="${shade(p.body, -0.15)}" stroke-width="22" fill="none"/>`;
};

const jar: Draw = (d, p) => {
  const kind = p.piece ?? 'pepper';
  const body = 'M-170-420Q-170-460-130-460L130-460Q170-460 170-420L170-30Q170 0 140 0L-140 0Q-170 0-170-30Z';
  const clip = d.clip(`<rect x="-160" y="-380" width="320" height="370" rx="26"/>`);
  const fill =
    kind === 'powder'
      ? `<rect x="-170" y="-380" width="340" height="380" fill="${d.cyl(pieceColours.powder)}"/>${pieces(d, 'powder', { x: 0, y: -190, w: 320, h: 360 }, 60)}`
      : `<rect x="-170" y="-380" width="340" height="380" fill="${shade(pieceColours[kind], -0.3)}"/>${pieces(d, kind, { x: 0, y: -190, w: 330, h: 390 }, 150)}`;
  return `<g clip-path="${clip}">${fill}</g>
  <path d="${body}" fill="#dfeef2" opacity="0.22" stroke="#ffffff" stroke-opacity="0.6" stroke-width="6"/>
  <rect x="-130" y="-420" width="22" height="390" rx="11" fill="#ffffff" opacity="0.35"/>
  <rect x="-170" y="-290" width="340" height="130" fill="${p.body}"/>
  <path d="M-170-280h340M-170-170h340" stroke="${p.accent}" stroke-width="6"/>
  <g transform="translate(0 -225)">${Array.from({ length: 6 }, (_, i) => `<ellipse cx="0" cy="-24" rx="9" ry="22" fill="${p.accent}" transform="rotate(${i * 60})"/>`).join('')}</g>
  <rect x="-132" y="-500" width="264" height="44" fill="${shade('#dfeef2', -0.1)}" opacity="0.6"/>
  <rect x="-150" y="-585" width="300" height="92" rx="16" fill="${d.cyl(p.accent)}"/>
  <path d="${Array.from({ length: 14 }, (_, i) => `M${-130 + i * 20}-575v72`).join('')}" stroke="${shade(p.accent, -0.25)}" stroke-width="4"/>
  ${kind === 'powder' ? '' : pieces(d, kind, { x: 200, y: 20, w: 180, h: 40 }, 9)}`;
};

const woodBowl = (d: Defs, c: string, w: number, y: number) =>
  `<path d="M${-w}${y}C${-w} ${y + 130} ${-w * 0.45} ${y + 170} 0 ${y + 170}C${w * 0.45} ${y + 170} ${w} ${y + 130} ${w} ${y}Z" fill="${d.cyl(c)}"/>`;

const heap: Draw = (d, p) => {
  const kind = p.piece ?? 'pod';
  const mound = 'M-250-170C-200-360 200-360 250-170Z';
  const clip = d.clip(`<path d="${mound}"/><ellipse cx="0" cy="-170" rx="250" ry="46"/>`);
  const density = kind === 'granule' ? 700 : kind === 'powder' ? 120 : 170;
  return `${woodBowl(d, p.body, 280, -170)}<ellipse cx="0" cy="-170" rx="280" ry="56" fill="${shade(p.body, -0.35)}"/>
  <g clip-path="${clip}"><rect x="-260" y="-380" width="520" height="260" fill="${d.vertical(kind === 'powder' ? pieceColours.powder : shade(pieceColours[kind], -0.35))}"/>
  ${pieces(d, kind, { x: 0, y: -240, w: 500, h: 230 }, density)}</g>
  <path d="M-280-170C-280-150 -200-125 0-120C200-125 280-150 280-170" stroke="${shade(p.body, 0.2)}" stroke-width="10" fill="none"/>
  ${pieces(d, kind, { x: 0, y: 25, w: 620, h: 40 }, 12)}
  <g transform="translate(230 45) rotate(-15)"><ellipse rx="52" ry="30" fill="${d.cyl(p.accent)}"/><rect x="40" y="-9" width="120" height="18" rx="10" fill="${d.vertical(p.accent)}"/></g>`;
};

const sack: Draw = (d, p) => {
  const kind = p.piece ?? 'pepper';
  const clip = d.clip('<ellipse cx="0" cy="-440" rx="196" ry="44"/>');
  return `<path d="M-220 0C-270-200-250-380-200-440L200-440C250-380 270-200 220 0Z" fill="${d.pattern('jute', p.body, shade(p.body, -0.28))}"/>
  <path d="M-220 0C-270-200-250-380-200-440L200-440C250-380 270-200 220 0Z" fill="${d.cyl('#9a9a9a')}" opacity="0.35"/>
  <path d="M-150-300q150 40 300 0" stroke="${p.accent}" stroke-width="14" fill="none"/><path d="M-150-270q150 40 300 0" stroke="${p.accent}" stroke-width="5" fill="none"/>
  <ellipse cx="0" cy="-440" rx="196" ry="44" fill="${shade(pieceColours[kind], -0.4)}"/>
  <g clip-path="${clip}">${pieces(d, kind, { x: 0, y: -440, w: 400, h: 90 }, 120)}</g>
  <ellipse cx="0" cy="-440" rx="212" ry="52" fill="none" stroke="${d.vertical(shade(p.body, -0.1))}" stroke-width="34"/>
  ${pieces(d, kind, { x: -40, y: 30, w: 560, h: 40 }, 16)}`;
};

const basket: Draw = (d, p) => {
  const kind = p.piece ?? 'raisin';
  const clip = d.clip('<ellipse cx="0" cy="-300" rx="270" ry="62"/>');
  return `<path d="M-280-300L280-300L220 0L-220 0Z" fill="${d.pattern('weave', p.body, shade(p.body, -0.15))}"/>
  <path d="M-280-300L280-300L220 0L-220 0Z" fill="${d.cyl('#9a9a9a')}" opacity="0.4"/>
  <rect x="-228" y="-40" width="456" height="26" rx="10" fill="${p.accent}" opacity="0.85"/>
  <ellipse cx="0" cy="-300" rx="270" ry="62" fill="${shade(pieceColours[kind], -0.4)}"/>
  <g clip-path="${clip}">${pieces(d, kind, { x: 0, y: -300, w: 540, h: 130 }, 170)}</g>
  <ellipse cx="0" cy="-300" rx="282" ry="68" fill="none" stroke="${d.vertical(shade(p.body, -0.1))}" stroke-width="26"/>
  ${pieces(d, kind, { x: 60, y: 28, w: 560, h: 40 }, 10)}`;
};

const sticks: Draw = (d, p) => {
  const stick = (x: number, y: number, len: number, rot: number) =>
    `<g transform="translate(${x} ${y}) rotate(${rot})"><rect x="${-len / 2}" y="-19" width="${len}" height="38" rx="12" fill="${d.vertical(p.body)}"/>
    <path d="M${-len / 2 + 20}-8h${len - 60}" stroke="${shade(p.body, -0.3)}" stroke-width="2" opacity="0.6"/>
    <ellipse cx="${len / 2}" cy="0" rx="12" ry="19" fill="${shade(p.body, 0.15)}"/><path d="M${len / 2}-9a8 9 0 1 1-5 12" stroke="${shade(p.body, -0.35)}" stroke-width="3" fill="none"/></g>`;
  const rows = [5, 4, 3, 2];
  const bundle: string[] = [];
  rows.forEach((n, row) => {
    for (let i = 0; i < n; i++) bundle.push(stick(-10 + (i - (n - 1) / 2) * 4, -22 - row * 34 - i * 1.5, 520 - row * 10, 0));
  });
  const twine = [-140, 120].map((x) => `<rect x="${x}" y="-170" width="26" height="170" rx="6" fill="${d.vertical(p.accent)}"/>`);
  return `${bundle.join('')}${twine.join('')}${stick(-60, 40, 380, -8)}${stick(140, 30, 300, 12)}`;
};

const tin: Draw = (d, p) => {
  const motif = Array.from({ length: 5 }, (_, i) => {
    const x = -140 + i * 70;
    return `<path d="M${x}-300c30-40 40-80 0-100c-40 20-30 60 0 100Z" fill="${shade(p.accent, i % 2 ? 0.35 : 0)}"/><circle cx="${x + 35}" cy="-220" r="10" fill="#e8c15a"/>`;
  });
  return `<path d="M-180-470L180-470L180 0A180 36 0 0 1-180 0Z" fill="${d.cyl(p.body)}"/>
  <rect x="-180" y="-400" width="360" height="230" fill="${p.accent}" opacity="0.25"/>
  ${motif.join('')}
  <path d="M-180-400h360M-180-170h360" stroke="#e8c15a" stroke-width="10"/>
  <path d="M-188-545L188-545L188-470A188 36 0 0 1-188-470Z" fill="${d.cyl(shade(p.body, -0.18))}"/>
  <ellipse cx="0" cy="-545" rx="188" ry="38" fill="${shade(p.body, 0.25)}"/><ellipse cx="0" cy="-545" rx="150" ry="28" fill="none" stroke="#e8c15a" stroke-width="6"/>
  ${pieces(d, 'leaf', { x: 240, y: 20, w: 200, h: 44 }, 36)}`;
};

const cup: Draw = (d, p) => {
  const steam = [-50, 0, 50].map(
    (x, i) =>
      `<path d="M${x}-340c-30-40 30-70 0-110s30-70 0-100" stroke="#ffffff" stroke-width="12" fill="none" opacity="${0.35 + i * 0.08}" stroke-linecap="round"/>`,
  );
  const star = Array.from(
    { length: 8 },
    (_, i) => `<ellipse cx="0" cy="-30" rx="13" ry="32" fill="${d.ball('#6b3a1e')}" transform="rotate(${i * 45})"/>`,
  );
  return `${steam.join('')}
  <path d="M-140-320L140-320L105 0L-105 0Z" fill="${d.cyl(p.body)}"/>
  <path d="M-130-200h260" stroke="${shade(p.body, -0.2)}" stroke-width="5"/>
  <ellipse cx="0" cy="-320" rx="140" ry="32" fill="${shade(p.body, 0.2)}"/>
  <ellipse cx="0" cy="-318" rx="122" ry="24" fill="${d.ball(p.accent)}"/>
  <g transform="translate(-280 10) scale(1 0.6)">${star.join('')}<circle r="12" fill="#4a2612"/></g>
  <g transform="translate(270 20) rotate(-12)"><rect x="-110" y="-17" width="220" height="34" rx="12" fill="${d.vertical('#a0522d')}"/></g>
  ${pieces(d, 'pod', { x: 120, y: 50, w: 140, h: 30 }, 4)}`;
};

const draw: Record<Drawing['kind'], Draw> = {
  vase,
  planter,
  bowl,
  textile,
  cushion,
  diya,
  elephant,
  hanging,
  coasters,
  earrings,
  bangles,
  necklace,
  tote,
  jar,
  heap,
  sack,
  basket,
  sticks,
  tin,
  cup,
};

/** Kinds that hang on the wall cast their shadow there, not on the table. */
const hangs = new Set<Drawing['kind']>(['hanging']);
/** Tall drawings are drawn smaller and low ones larger, so that each fills the frame about as much. */
const fit: Partial<Record<Drawing['kind'], number>> = { hanging: 0.8, earrings: 0.85, necklace: 0.9, sticks: 1.15, bangles: 1.05 };

// ---- scenes

type Placed = { drawing: Drawing; x: number; scale: number; tilt?: number };

function scene(
  defs: Defs,
  width: number,
  height: number,
  backdrop: string,
  items: Placed[],
  light: 1 | -1,
  table = 0.72,
  niches = 0,
): string {
  const tableY = Math.round(height * table);
  const unit = height / 1000;
  const placed = items.map(({ drawing, x, scale, tilt = 0 }) => {
    const s = r1(scale * (fit[drawing.kind] ?? 1) * unit * 100) / 100;
    const baseY = tableY + Math.round(60 * unit * scale);
    const shadow = hangs.has(drawing.kind)
      ? ''
      : `<ellipse cx="${r1(x + light * 40 * s)}" cy="${baseY + 6 * s}" rx="${r1(300 * s)}" ry="${r1(40 * s)}" fill="${defs.shadow()}"/>`;
    return `${shadow}<g transform="translate(${r1(x)} ${baseY}) scale(${s}) rotate(${tilt})">${draw[drawing.kind](defs, drawing)}</g>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${tableY}" fill="${defs.span(shade(backdrop, 0.4), shade(backdrop, -0.04))}"/>
  <rect y="${tableY}" width="${width}" height="${height - tableY}" fill="${defs.span(shade(backdrop, -0.1), shade(backdrop, -0.24))}"/>
  <rect y="${tableY}" width="${width}" height="${Math.round(6 * unit)}" fill="${shade(backdrop, 0.3)}"/>
  <ellipse cx="${light > 0 ? width * 0.25 : width * 0.75}" cy="${height * 0.2}" rx="${width * 0.6}" ry="${height * 0.6}" fill="${defs.glow('#ffffff')}" opacity="0.6"/>
  ${Array.from({ length: niches }, (_, i) => {
    // arched niches in the wall behind a group, as in a haveli shop
    const w = width / niches;
    const x = i * w + w * 0.14;
    const top = height * 0.16;
    return `<path d="M${r1(x)} ${tableY}V${r1(top + w * 0.36)}A${r1(w * 0.36)} ${r1(w * 0.36)} 0 0 1 ${r1(x + w * 0.72)} ${r1(top + w * 0.36)}V${tableY}Z" fill="${shade(backdrop, -0.07)}"/>`;
  }).join('')}
  ${placed.join('\n')}
  ${defs}</svg>`;
}

// A high-quality JPEG, as a camera gives: the cheapest to encode here and to decode again on upload.
async function render(svg: string, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const image = sharp(Buffer.from(svg));
  return format === 'png' ? image.png({ compressionLevel: 2 }).toBuffer() : image.jpeg({ quality: 92 }).toBuffer();
}

/**
 * One product picture: variant 0 is the product alone, head on; variant 1 a closer, tilted view on
 * another backdrop with a smaller second piece behind (a set, or the same in another colour).
 */
export async function productPicture(drawing: Drawing, variant: number, seed: string, size = 640): Promise<Buffer> {
  const defs = new Defs(random(`${seed}:${variant}`));
  if (variant % 2 === 0) return render(scene(defs, size, size, drawing.backdrop, [{ drawing, x: size / 2, scale: 1.15 }], 1));
  const backdrop = mix(drawing.backdrop, drawing.body, 0.22);
  const companion = { ...drawing, body: mix(drawing.body, drawing.accent, 0.45), accent: drawing.body };
  const items: Placed[] = hangs.has(drawing.kind)
    ? [{ drawing, x: size * 0.5, scale: 1.1, tilt: 3 }]
    : [
        { drawing: companion, x: size * 0.24, scale: 0.6 },
        { drawing, x: size * 0.58, scale: 1.05, tilt: drawing.kind === 'vase' || drawing.kind === 'cup' ? 0 : -4 },
      ];
  return render(scene(defs, size, size, backdrop, items, -1));
}

/** A wide picture of several products together on one table (home banners, About Us). */
export async function groupPicture(drawings: Drawing[], backdrop: string, seed: string, size: { width: number; height: number }) {
  const defs = new Defs(random(seed));
  const n = drawings.length;
  const items = drawings.map((drawing, i) => ({
    drawing,
    x: (size.width * (i + 0.5)) / n,
    scale: Math.min(0.95, (size.width / size.height) * (1.3 / n)) * (i % 2 ? 0.9 : 1),
  }));
  // the middle one in front: drawn last
  const order = items.map((_, i) => i).sort((a, b) => Math.abs(b - (n - 1) / 2) - Math.abs(a - (n - 1) / 2));
  return render(
    scene(
      defs,
      size.width,
      size.height,
      backdrop,
      order.map((i) => items[i] as Placed),
      1,
      0.8,
      n,
    ),
  );
}

/** A logo: a drawn emblem (a lotus, or a star anise on a leaf) on a round badge, no lettering. */
export async function logoPicture(motif: 'lotus' | 'anise', colours: { body: string; accent: string }, size = 512): Promise<Buffer> {
  const defs = new Defs(random(motif));
  const c = size / 2;
  const lotus = [-60, -30, 0, 30, 60]
    .map(
      (a, i) =>
        `<ellipse cx="0" cy="-95" rx="${i === 2 ? 42 : 36}" ry="95" fill="${shade(colours.accent, Math.abs(a) / 200)}" transform="rotate(${a})"/>`,
    )
    .join('');
  const anise = Array.from(
    { length: 8 },
    (_, i) => `<ellipse cx="0" cy="-70" rx="26" ry="64" fill="${defs.ball(colours.accent)}" transform="rotate(${i * 45})"/>`,
  ).join('');
  const emblem =
    motif === 'lotus'
      ? `<g transform="translate(${c} ${c * 1.18}) scale(${size / 512})">${lotus}<path d="M-150 10q150 60 300 0" stroke="${shade(colours.accent, 0.5)}" stroke-width="14" fill="none" stroke-linecap="round"/></g>`
      : `<g transform="translate(${c} ${c}) scale(${size / 512})"><path d="M-150 120C-120-120 120-150 170-160C150-40 40 140-150 120Z" fill="${shade(colours.accent, 0.55)}" opacity="0.6"/>${anise}<circle r="22" fill="${shade(colours.accent, -0.4)}"/></g>`;
  return render(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
  <circle cx="${c}" cy="${c}" r="${c}" fill="${defs.ball(colours.body)}"/><circle cx="${c}" cy="${c}" r="${c * 0.88}" fill="none" stroke="${shade(colours.accent, 0.4)}" stroke-width="${size / 64}"/>
  ${emblem}${defs}</svg>`,
    'png', // transparent around the badge
  );
}
