import { svgIcon } from './svg';

export const SignOutIcon = /* @__PURE__ */ svgIcon(
  'M9.5 20.5h-4A1.5 1.5 0 0 1 4 19V5a1.5 1.5 0 0 1 1.5-1.5h4M16 16.5l4.5-4.5L16 7.5M20.5 12H9.5',
  'sign-out',
);
