import { svgIcon } from './svg';

export const InfoIcon = /* @__PURE__ */ svgIcon('M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M12 11v5.5M12 7.5h.01', 'info');
