import type { Tone } from './tone';

// The platform's job statuses (PLATFORM-NOTES: Quote, Work Order, Completed, Unsuccessful) as chip
// tones, the same on every surface. Any other status an account uses is shown neutral.

const TONES: Readonly<Record<string, Tone>> = {
  quote: 'warning',
  'work order': 'info',
  completed: 'success',
  unsuccessful: 'neutral',
};

export function toneOfStatus(status: string): Tone {
  return TONES[status.trim().toLowerCase()] ?? 'neutral';
}
