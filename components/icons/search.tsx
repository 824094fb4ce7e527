import { svgIcon } from './svg';

export const SearchIcon = /* @__PURE__ */ svgIcon('M11 4a7 7 0 1 0 0 14a7 7 0 1 0 0-14M20 20l-4-4', 'search');
