// Fieldside's icon (assets/icon-128.png, held equal by a test), which the add-on manifest's iconURL names: the
// platform shows it beside the job-card action. Inlined, so the self-contained build carries it.

export const ICON_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAIAAAACACAYAAADDPmHLAAACgUlEQVR4nO3Sy1FEMRBD0YmCSEiJ/EOACFgMz1i/21Vau1s+rxfDfHx9fpO9AGA8ABgPAMYDgPEAYDwAGA8AxgOA8QBgPAAYDwDGA4DxAGA8ABgPAMYDgPEAYDwAGA8AxgOA8QBgPAAYDwDGA4DxTAB4Our9AXD5w5dA1ABQjfrueQAuo+5hDoDrqHuZAOA+6n5qAaSNuq8qAKmj7i0eQMuoe4wE0DbqPqMAtI661wgA7aPu1xrAyqh7tgSwNuq+ASAedd9WANxKd9unGoB7ye77AeBiqUm7RgBILDRxZ0sA6SWm718FQLF/ww0yAOnFtdwSD0D9+en3SACkltV4VywA9We33AaA8duuA0grqP3GOADqz227cxKAwxs3dgDAw7dT77QFoCwl6c0TbwNg+F0AHHxT+TYADpRxapJuBsDhz1ftAABh+Q47AEBYvsMOABCW77ADAITlO+wAAGH5DjsAQFi+ww4AEJbvsAMADpRxapJurgTw10JOTcq9AOBdAJx8O/VeSwDqUpzfOvk2AB7u0HInAIRJuTMOQAKCpBuvA0grqP02AIzfFgvgdlGtd0kApJbVeE88AEVpTbfIAKQX13JDDQBFgen7ywH8R4k3ikzc2RZAWqFJu04DOFmw+37xAG6U/G7ZbvvUA7hZusuo+waAeNR92wFYQqDu2RbAAgJ1v/YAmhGoe40B0IhA3WccgCYE6h5jAaRDUPdWAyARgbqvOgApENT91ANwRqDuZQaAGwR1D7MA1BDUdwNAgEF9HwAug1DvDwACAAIAAgACAAIAAgACAAIAAgACAAIAAgACAAIAAgACAAIAAgACAAIAAgACAAIAAgDyOwBmd34AJI/MVJMF+sIAAAAASUVORK5CYII=';

let bytes: Uint8Array<ArrayBuffer> | undefined;

/** The icon's bytes, decoded once. */
export function iconPng(): Uint8Array<ArrayBuffer> {
  if (!bytes) {
    const binary = atob(ICON_PNG_BASE64);
    bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  }
  return bytes;
}
