import { svgIcon } from './svg';

export const RefreshIcon = /* @__PURE__ */ svgIcon(
  'M20 11.5a8 8 0 0 0-14.6-4.5M4.5 3.5V7H8M4 12.5a8 8 0 0 0 14.6 4.5M19.5 20.5V17H16',
  'refresh',
);
