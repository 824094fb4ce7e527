import { svgIcon } from './svg';

export const CheckIcon = /* @__PURE__ */ svgIcon('M20 6.5L9.5 17 4 11.5', 'check');
