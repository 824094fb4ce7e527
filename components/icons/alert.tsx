import { svgIcon } from './svg';

export const AlertIcon = /* @__PURE__ */ svgIcon(
  'M10.3 4.3L2.6 17.5A2 2 0 0 0 4.3 20.5h15.4a2 2 0 0 0 1.7-3L13.7 4.3a2 2 0 0 0-3.4 0zM12 9.5v4M12 17h.01',
  'alert',
);
