// Which of an account's security roles make a staff member an administrator. The platform's roles are
// records with names the account chooses ("Administrator", "Admin – office"); the seeded emulator and the
// real platform's default both name it so. One rule, for the extension ("view as", the webhooks section) and
// the companion (who may manage the webhook subscriptions) alike.
export const isAdministratorRoleName = (name: string | null | undefined): boolean => /admin/i.test(name ?? '');
