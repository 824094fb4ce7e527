import { svgIcon } from './svg';

export const NoteIcon = /* @__PURE__ */ svgIcon(
  'M6.5 3H15l4 4v12.5a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 5 19.5v-15A1.5 1.5 0 0 1 6.5 3zM14.5 3v4.5H19M8.5 12.5h7M8.5 16.5h5',
  'note',
);
