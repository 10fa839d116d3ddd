import sharp from 'sharp';

// Demo pictures are drawn by code (an SVG rendered by sharp), so the repository ships no images.
function hue(seed: string): number {
  let h = 0;
  for (const c of seed) h = (h * 31 + c.charCodeAt(0)) % 360;
  return h;
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function demoImage(label: string, variant: number, size = { width: 900, height: 900 }): Promise<Buffer> {
  const h = (hue(label) + variant * 47) % 360;
  const { width, height } = size;
  const r = Math.min(width, height);
  const shapes = [
    `<circle cx="${width / 2}" cy="${height / 2 - r * 0.06}" r="${r * 0.26}" fill="hsl(${(h + 40) % 360},70%,62%)"/>`,
    `<rect x="${width / 2 - r * 0.24}" y="${height / 2 - r * 0.3}" width="${r * 0.48}" height="${r * 0.48}" rx="${r * 0.06}" fill="hsl(${(h + 40) % 360},65%,60%)" transform="rotate(12 ${width / 2} ${height / 2})"/>`,
    `<polygon points="${width / 2},${height / 2 - r * 0.32} ${width / 2 + r * 0.28},${height / 2 + r * 0.16} ${width / 2 - r * 0.28},${height / 2 + r * 0.16}" fill="hsl(${(h + 40) % 360},65%,60%)"/>`,
  ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${h},55%,88%)"/><stop offset="1" stop-color="hsl(${(h + 30) % 360},60%,70%)"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  ${shapes[variant % shapes.length]}
  <text x="50%" y="${height - r * 0.14}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(r * 0.065)}" font-weight="bold" fill="hsl(${h},45%,22%)">${escapeXml(label)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
