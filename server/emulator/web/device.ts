import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { ActionPlace } from '../addons/manifest';

// The web app can stand in for the platform's iOS and Android apps, which the emulator cannot run: the phone view
// lays the job card out for a phone-sized screen and offers the add-on's mobile ("app") actions instead of the web
// app's ("online"). Chosen by `?device=phone` (or the "Phone view" link) and kept for the browser session;
// `?device=desktop` goes back.

export type Device = 'desktop' | 'phone';

const DEVICE_COOKIE = 'emu_device';

/** The device this browser asked for: `?device=` on a page (remembered in a session cookie), else the cookie. */
export function deviceOf(c: Context): Device {
  const asked = c.req.query('device');
  if (asked === 'phone' || asked === 'desktop') {
    setCookie(c, DEVICE_COOKIE, asked, { httpOnly: true, sameSite: 'Lax', path: '/' });
    return asked;
  }
  return getCookie(c, DEVICE_COOKIE) === 'phone' ? 'phone' : 'desktop';
}

/** Where the platform shows an add-on action on this device: the web app's actions, or the mobile apps'. */
export const actionPlace = (device: Device): ActionPlace => (device === 'phone' ? 'app' : 'online');
