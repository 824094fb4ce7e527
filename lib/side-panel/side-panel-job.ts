import { sidePanelJobItem } from '../settings/items';

// The job the person last asked to open in the side panel (lib/settings/items.ts declares the item).
// The side panel reads it through "page.currentJob" (field-work handlers).
export { sidePanelJobItem };

export async function rememberSidePanelJob(uuid: string | null): Promise<void> {
  await sidePanelJobItem.setValue(uuid);
}

export async function readSidePanelJob(): Promise<string | null> {
  const value = await sidePanelJobItem.getValue();
  return typeof value === 'string' ? value : null;
}
