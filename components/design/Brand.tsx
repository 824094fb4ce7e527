// Fieldside's mark: an "F" on the accent colour, beside the name in page headers. Drawn inline (no
// image file), so it follows the theme.

export function BrandMark({ size = 20 }: { size?: number }) {
  return (
    <svg class="brand-mark" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect width="24" height="24" rx="6" fill="var(--color-accent)" />
      <path
        d="M8.5 17.5v-11h7.5M8.5 12h6"
        fill="none"
        stroke="var(--color-accent-fg)"
        stroke-width="2.4"
        stroke-linecap="round"
        stroke-linejoin="round"
      />
    </svg>
  );
}
