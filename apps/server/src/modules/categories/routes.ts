import { categorySchema, subCategoriesQuerySchema } from '@churchtrades/shared/category';
import { envelopeSchema } from '@churchtrades/shared/envelope';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../http/envelope';
import { publicCache } from '../../http/public-cache';
import type { CategoryService } from './service';

/** Categories change only when an administrator edits them. */
export const CATEGORY_CACHE_SECONDS = 300;

const categoriesAnswer = envelopeSchema(z.object({ categories: z.array(categorySchema) }));

export const categoryRoutes: FastifyPluginAsyncZod<{ categories: CategoryService }> = async (app, { categories }) => {
  // Public routes: the answer depends on the URL alone, never on a session, so anyone may cache it.
  // Routes that read the session belong outside this scope.
  await app.register(async (scope) => {
    const directory = scope.withTypeProvider<ZodTypeProvider>();
    await directory.register(publicCache, { maxAgeSeconds: CATEGORY_CACHE_SECONDS });

    directory.get(
      '/category/main_categories',
      {
        schema: {
          tags: ['categories'],
          summary: 'Main categories in display order',
          response: { 200: categoriesAnswer },
        },
      },
      async () => envelope(200, 'Categories found', { categories: await categories.listMain() }),
    );

    directory.get(
      '/category/sub_categories',
      {
        schema: {
          tags: ['categories'],
          summary: 'Sub categories of one main category in display order (parent_id -1: none)',
          querystring: subCategoriesQuerySchema,
          response: { 200: categoriesAnswer },
        },
      },
      async (request) =>
        envelope(200, 'Categories found', { categories: await categories.listSubs(request.query.parent_id) }),
    );
  });
};
