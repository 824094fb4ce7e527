// The visit's buttons as the side panel's components need them, from the contract both surfaces share, without the
// message schemas (lib/messaging/job-views.ts carries zod, which the side panel's page does not load).
export { FOCUS_AFTER, VISIT_COMMANDS, visitButtonId, type VisitCommand } from '../../contracts/job-actions';
