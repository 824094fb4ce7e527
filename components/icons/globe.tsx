import { svgIcon } from './svg';

export const GlobeIcon = /* @__PURE__ */ svgIcon(
  'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M3.5 12h17M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9',
  'globe',
);
