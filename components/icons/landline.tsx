import { svgIcon } from './svg';

/** A telephone handset: a landline, or a number whose kind is not known (PhoneIcon is a mobile). */
export const LandlineIcon = /* @__PURE__ */ svgIcon(
  'M21 16.4v3a2 2 0 0 1-2.2 2a19.8 19.8 0 0 1-8.6-3.1a19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 1.1 3.6A2 2 0 0 1 3.1 1.5h3a2 2 0 0 1 2 1.7c.1.9.4 1.9.7 2.8a2 2 0 0 1-.5 2.1L7.1 9.4a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z',
  'landline',
);
