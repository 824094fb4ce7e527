import { svgIcon } from './svg';

/** A mobile phone (LandlineIcon is a handset). */
export const PhoneIcon = /* @__PURE__ */ svgIcon(
  'M8 2.5h8a1.5 1.5 0 0 1 1.5 1.5v16a1.5 1.5 0 0 1-1.5 1.5H8A1.5 1.5 0 0 1 6.5 20V4A1.5 1.5 0 0 1 8 2.5zM11 18h2',
  'phone',
);
