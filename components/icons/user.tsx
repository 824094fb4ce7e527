import { svgIcon } from './svg';

export const UserIcon = /* @__PURE__ */ svgIcon('M12 4a4 4 0 1 0 0 8a4 4 0 1 0 0-8M4.5 21a7.5 7.5 0 0 1 15 0', 'user');
