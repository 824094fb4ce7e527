import { svgIcon } from './svg';

export const KeyIcon = /* @__PURE__ */ svgIcon(
  'M8 11a4.5 4.5 0 1 0 0 9a4.5 4.5 0 1 0 0-9M11.2 12.3L20 3.5M16.5 7l2.5 2.5M14 9.5l2 2',
  'key',
);
