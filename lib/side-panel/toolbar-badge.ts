// The toolbar badge: how many writes wait while any do (amber), otherwise how many jobs today.

export interface BadgeAction {
  setBadgeText(details: { text: string }): Promise<void> | void;
  setBadgeBackgroundColor(details: { color: string }): Promise<void> | void;
}

export function badgeFace(pendingWrites: number, todaysJobs: number | null): { text: string; color: string } {
  if (pendingWrites > 0) return { text: pendingWrites > 999 ? '999+' : String(pendingWrites), color: '#b45309' };
  if (todaysJobs === null || todaysJobs === 0) return { text: '', color: '#166534' };
  return { text: String(todaysJobs), color: '#166534' };
}

export function createToolbarBadge(action: BadgeAction) {
  let pending = 0;
  let today: number | null = null;
  let shown = '';
  function show(): void {
    const face = badgeFace(pending, today);
    if (face.text === shown) return;
    shown = face.text;
    void action.setBadgeBackgroundColor({ color: face.color });
    void action.setBadgeText({ text: face.text });
  }
  return {
    setPending(n: number) {
      pending = n;
      show();
    },
    /** null: unknown (signed out, no staff member in view). */
    setToday(n: number | null) {
      today = n;
      show();
    },
  };
}
export type ToolbarBadge = ReturnType<typeof createToolbarBadge>;
