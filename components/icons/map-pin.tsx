import { svgIcon } from './svg';

export const MapPinIcon = /* @__PURE__ */ svgIcon(
  'M12 21.5s7-6 7-11.5a7 7 0 0 0-14 0c0 5.5 7 11.5 7 11.5zM12 7.5a2.5 2.5 0 1 0 0 5a2.5 2.5 0 1 0 0-5',
  'map-pin',
);
