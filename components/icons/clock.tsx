import { svgIcon } from './svg';

export const ClockIcon = /* @__PURE__ */ svgIcon('M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M12 7v5l3 2', 'clock');
