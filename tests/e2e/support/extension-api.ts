// The slice of the extension API that test code passes to page.evaluate uses. Those functions run
// inside an extension page, where `chrome` exists; Node never runs them.
export interface ExtensionApi {
  storage: { local: { get(keys: null): Promise<Record<string, unknown>> } };
  alarms: {
    get(name: string): Promise<{ name: string; periodInMinutes?: number } | undefined>;
    create(name: string, info: { when?: number; periodInMinutes?: number }): Promise<void>;
    getAll(): Promise<Array<{ name: string; scheduledTime: number }>>;
  };
}
