export { Pagination, type PaginationProps } from './Pagination.tsx';
export {
  PAGE_SIZES,
  afterCreate,
  afterDelete,
  pageButtons,
  pageCount,
  pageForSize,
  type AfterCreate,
  type AfterDelete,
  type PageButton,
  type PageSize,
} from './paging.ts';
