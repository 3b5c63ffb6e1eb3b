import { MESSAGES } from '@churchtrades/shared/messages';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useFormContext, useWatch } from 'react-hook-form';
import { SelectField } from '../../../components/form/select-field';
import { useMainCategoriesQuery, useSubCategoriesQuery } from '../../../lib/categories-api';

/** The fields these selects fill in, in whichever business form holds them. */
export interface CategoryFieldValues {
  mainCategoryId: number | string;
  categoryId?: number | string;
}

/** An empty select means no sub category chosen: absent, not the 0 that '' would read as. */
const emptyAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** Main Category, then Sub category: the subs of the chosen main; a new main clears the sub. */
export function CategoryFields() {
  const {
    register,
    setValue,
    control,
    formState: { errors },
  } = useFormContext<CategoryFieldValues>();
  const mainCategoryId = useWatch({ control, name: 'mainCategoryId' });
  const { data: mains } = useMainCategoriesQuery();
  // currentData: while another main's subs load, the previous main's must not be offered.
  const { currentData: subs } = useSubCategoriesQuery(mainCategoryId ? Number(mainCategoryId) : skipToken);

  return (
    <div className="row">
      <SelectField
        className="col-md-6 mb-3"
        label="Main Category"
        error={errors.mainCategoryId}
        {...register('mainCategoryId', { onChange: () => setValue('categoryId', undefined) })}
      >
        <option value="">{MESSAGES.chooseMainCategory}</option>
        {mains?.map((main) => (
          <option key={main.id} value={main.id}>
            {main.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        className="col-md-6 mb-3"
        label="Sub category"
        disabled={!mainCategoryId}
        error={errors.categoryId}
        {...register('categoryId', { setValueAs: emptyAsAbsent })}
      >
        <option value="">{MESSAGES.chooseSubCategory}</option>
        {subs?.map((sub) => (
          <option key={sub.id} value={sub.id}>
            {sub.name}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
