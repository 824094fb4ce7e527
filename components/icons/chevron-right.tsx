import { svgIcon } from './svg';

export const ChevronRightIcon = /* @__PURE__ */ svgIcon('M9 18l6-6-6-6', 'chevron-right');
