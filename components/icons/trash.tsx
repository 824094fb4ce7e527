import { svgIcon } from './svg';

export const TrashIcon = /* @__PURE__ */ svgIcon(
  'M4 7h16M10 11v6M14 11v6M6 7l.9 12.1A1.5 1.5 0 0 0 8.4 20.5h7.2a1.5 1.5 0 0 0 1.5-1.4L18 7M9 7V4.5h6V7',
  'trash',
);
