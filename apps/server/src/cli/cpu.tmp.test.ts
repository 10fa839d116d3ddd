import { it } from 'vitest';
import { hashPassword } from '../modules/auth/auth.service.ts';
import { processImage } from '../modules/media/images.ts';
import { groupPicture, productPicture } from './demo-images.ts';
import { demoContent } from './seed-demo.ts';

const cpu = async (label: string, f: () => Promise<unknown>) => {
  const s = process.cpuUsage();
  const t = performance.now();
  await f();
  const u = process.cpuUsage(s);
  console.log(label, 'cpu', ((u.user + u.system) / 1e6).toFixed(2), 'wall', ((performance.now() - t) / 1000).toFixed(2));
};
it('cpu', async () => {
  const ps = demoContent.flatMap((b) => b.products);
  const pics: Buffer[] = [];
  await cpu('render 26', async () => {
    for (const p of ps) pics.push(await productPicture(p.picture, 0, p.name));
  });
  await cpu('process 26', async () => {
    for (const p of pics) await processImage(p);
  });
  let g: Buffer;
  await cpu('render banner', async () => {
    g = await groupPicture(
      [0, 3, 6].map((i) => ps[i]!.picture),
      '#efe7da',
      'x',
      { width: 1280, height: 720 },
    );
  });
  await cpu('process banner', async () => processImage(g));
  await cpu('hash', async () => hashPassword('demo-password-1'));
}, 300_000);
