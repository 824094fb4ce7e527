// Composition root of the extension. The extension issue wires the services from lib/ here.
export default defineBackground(() => {});
