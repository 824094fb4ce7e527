// A clock for the limiter's tests: time moves only when the code under test sleeps, and each sleep is recorded.

export function sleepClock() {
  let t = 1_000_000;
  const sleeps: number[] = [];
  return {
    now: () => t,
    sleeps,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      t += ms;
    },
  };
}
