import type { Category } from '@churchtrades/shared/category';
import type { Envelope } from '@churchtrades/shared/envelope';
import { api } from './api';

/**
 * The order a select shows them in: as the administrators arranged them, then by name. An answer without
 * a list offers no choice rather than breaking the page around the select.
 */
function inDisplayOrder(categories: Category[] | undefined): Category[] {
  return [...(categories ?? [])].sort((a, b) => a.displayOrder - b.displayOrder || a.name.localeCompare(b.name, 'en-AU'));
}

/** Here rather than in a feature because the search filters and the business forms both offer categories. */
const categoriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    mainCategories: build.query<Category[], void>({
      query: () => '/category/main_categories',
      transformResponse: (answer: Envelope<{ categories?: Category[] }>) => inDisplayOrder(answer.data.categories),
      providesTags: [{ type: 'Category', id: 'MAIN' }],
    }),
    /** The sub categories of one main category (its id); the server answers [] for -1. */
    subCategories: build.query<Category[], number>({
      query: (parentId) => ({ url: '/category/sub_categories', params: { parent_id: parentId } }),
      transformResponse: (answer: Envelope<{ categories?: Category[] }>) => inDisplayOrder(answer.data.categories),
      providesTags: (_result, _error, parentId) => [{ type: 'Category', id: `SUBS-${parentId}` }],
    }),
  }),
});

export const { useMainCategoriesQuery, useSubCategoriesQuery } = categoriesApi;
