import { svgIcon } from './svg';

export const ExternalIcon = /* @__PURE__ */ svgIcon(
  'M14 4h6v6M20 4l-9 9M18 14v4.5a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 4 18.5v-11A1.5 1.5 0 0 1 5.5 6H10',
  'external',
);
