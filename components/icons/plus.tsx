import { svgIcon } from './svg';

export const PlusIcon = /* @__PURE__ */ svgIcon('M12 5v14M5 12h14', 'plus');
