import { svgIcon } from './svg';

export const OfflineIcon = /* @__PURE__ */ svgIcon(
  'M3 3l18 18M8.6 8.5A5.5 5.5 0 0 0 5 13.5a4 4 0 0 0 1 7.5h11M11 5.6A6.5 6.5 0 0 1 18.4 11a4 4 0 0 1 2.3 6.6',
  'offline',
);
