import { endpoints } from '@stashblog/contract/endpoints';
import { serverTexts } from '@stashblog/contract/server-texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/register.ts';
import { searchItems, suggestSearchTerms } from './search.service.ts';

export function searchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.publicUser.search, { config: { rateLimit: { max: 240, timeWindow: '1 minute' } } }, async (request) =>
      ok(await searchItems(ctx, request.query), serverTexts.fetched),
    );
    // The nav box asks as the visitor types (debounced), hence the higher allowance.
    route(app, endpoints.publicUser.searchSuggestions, { config: { rateLimit: { max: 600, timeWindow: '1 minute' } } }, async (request) =>
      ok(await suggestSearchTerms(ctx, request.query), serverTexts.fetched),
    );
  };
}
