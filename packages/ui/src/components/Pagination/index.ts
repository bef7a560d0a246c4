export { Pagination, type PaginationProps } from './Pagination.js';
export { pageItems, type PageItem } from './pageItems.js';
