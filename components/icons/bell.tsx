import { svgIcon } from './svg';

export const BellIcon = /* @__PURE__ */ svgIcon(
  'M6 9.5a6 6 0 0 1 12 0c0 6 2.5 8 2.5 8h-17S6 15.5 6 9.5M10.2 20.5a2 2 0 0 0 3.6 0',
  'bell',
);
