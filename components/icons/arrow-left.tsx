import { svgIcon } from './svg';

export const ArrowLeftIcon = /* @__PURE__ */ svgIcon('M19 12H5M11 18l-6-6 6-6', 'arrow-left');
