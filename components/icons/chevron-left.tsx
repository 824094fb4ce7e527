import { svgIcon } from './svg';

export const ChevronLeftIcon = /* @__PURE__ */ svgIcon('M15 18l-6-6 6-6', 'chevron-left');
