import { svgIcon } from './svg';

export const CloseIcon = /* @__PURE__ */ svgIcon('M18 6L6 18M6 6l12 12', 'close');
