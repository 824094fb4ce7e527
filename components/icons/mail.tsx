import { svgIcon } from './svg';

export const MailIcon = /* @__PURE__ */ svgIcon(
  'M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zM3.5 6.5L12 13l8.5-6.5',
  'mail',
);
