import { SitesForm } from '@/components/page-badges/SitesForm';
import type { SitesModel } from './sites-model';

/** The options page's "Sites" section: other sites that get job badges beside "Job #1234". */
export function SitesSection({ model }: { model: SitesModel }) {
  return (
    <section aria-labelledby="sites-heading" class="card section">
      <h2 id="sites-heading">Sites</h2>
      <SitesForm
        sites={model.sites.value}
        busy={model.busy.value}
        error={model.error.value}
        status={model.status.value}
        onAdd={(address) => model.add(address)}
        onRemove={(pattern) => void model.remove(pattern)}
      />
    </section>
  );
}
