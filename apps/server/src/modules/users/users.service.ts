import { type CreateBusinessInput, createBusinessInput } from '@stashblog/contract/business';
import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../app-context.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { AppError } from '../../http/app-error.ts';
import { hashPassword } from '../auth/auth.service.ts';

export async function createBusiness(
  ctx: Pick<AppContext, 'db'>,
  input: CreateBusinessInput,
): Promise<{ id: string; businessName: string }> {
  const parsed = createBusinessInput.safeParse(input);
  if (!parsed.success) throw AppError.badRequest(parsed.error.issues[0]?.message ?? 'Invalid business');
  const { businessName, name, email, password } = parsed.data;
  const [taken] = await ctx.db.select({ id: businesses.id }).from(businesses).where(eq(businesses.businessName, businessName));
  if (taken) throw AppError.conflict(`Business name '${businessName}' is already taken`);
  const [emailTaken] = await ctx.db
    .select({ id: businesses.id })
    .from(businesses)
    .where(sql`lower(${businesses.email}) = ${email.toLowerCase()}`);
  if (emailTaken) throw AppError.conflict(`Email '${email}' already has a business`);
  const id = uuidv7();
  await ctx.db
    .insert(businesses)
    .values({ id, businessName, name, email: email.toLowerCase(), passwordHash: await hashPassword(password) });
  return { id, businessName };
}

export async function findBusinessByName(ctx: Pick<AppContext, 'db'>, businessName: string) {
  const [b] = await ctx.db.select().from(businesses).where(eq(businesses.businessName, businessName.toLowerCase()));
  return b ?? null;
}
