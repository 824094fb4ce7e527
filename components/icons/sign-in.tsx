import { svgIcon } from './svg';

export const SignInIcon = /* @__PURE__ */ svgIcon(
  'M14.5 3.5h4A1.5 1.5 0 0 1 20 5v14a1.5 1.5 0 0 1-1.5 1.5h-4M10 16.5l4.5-4.5L10 7.5M14.5 12H3.5',
  'sign-in',
);
