// The icon set's one drawing routine: a 24×24 stroke icon inline in the markup (no icon font, no
// remote file), coloured by the text around it. Icons are decorative: the text beside them, or the
// accessible name of the button they sit in, says what they mean.

export interface IconProps {
  /** Pixels; 16 by default (the size of body text's line). */
  size?: number;
}

/** An icon component drawing `d` (one path, several subpaths). One file per icon, so a page's bundle
 * carries only the icons it shows. */
export function svgIcon(d: string, name: string) {
  function Icon({ size = 16 }: IconProps) {
    return (
      <svg
        class="icon"
        data-icon={name}
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        stroke-width="2"
        stroke-linecap="round"
        stroke-linejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d={d} />
      </svg>
    );
  }
  return Icon;
}
