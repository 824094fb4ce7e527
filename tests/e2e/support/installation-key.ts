// Run inside an extension page of Fieldside (Chromium through playwright, Firefox through puppeteer):
// tries to export the private half of the installation's key pair from the secret store, and says
// whether the browser refused. Passed to `page.evaluate` as it is, so it must stay self-contained.

/** 'refused (private)' when the kept private key cannot leave the browser, 'exported' when it could. */
export const exportInstallationPrivateKey = (): Promise<string> =>
  new Promise<string>((resolve, reject) => {
    const open = indexedDB.open('fieldside-secrets');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const request = open.result.transaction('secrets').objectStore('secrets').get('installationKey');
      request.onsuccess = () => {
        const pair = request.result as CryptoKeyPair;
        crypto.subtle.exportKey('jwk', pair.privateKey).then(
          () => resolve('exported'),
          () => resolve(`refused (${pair.privateKey.type})`),
        );
      };
    };
  });
