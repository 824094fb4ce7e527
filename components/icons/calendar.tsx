import { svgIcon } from './svg';

export const CalendarIcon = /* @__PURE__ */ svgIcon(
  'M5.5 5h13A1.5 1.5 0 0 1 20 6.5v12a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 18.5v-12A1.5 1.5 0 0 1 5.5 5zM4 10h16M8 3v4M16 3v4',
  'calendar',
);
