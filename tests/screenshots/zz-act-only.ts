import { launchChromium } from '../e2e/support/chromium';
import { connect } from '../e2e/support/options-page';
import { CHROME_DIR } from '../e2e/support/paths';
import { startStack } from '../e2e/support/stack';
import { arrangeFieldDay, signInFieldWorker } from '../e2e/support/field-worker';
import { sidePanelShots } from './panel-shots';
import { jobActionShots } from './act-shots';
import { openOptions } from './page-shots';

const stack = await startStack({ jobs: 300 });
const browser = await launchChromium(CHROME_DIR, { locale: 'en-AU' });
try {
  const options = await openOptions(browser);
  await connect(options, stack);
  const day = await arrangeFieldDay(stack);
  await signInFieldWorker(browser, options, stack);
  await sidePanelShots(browser, stack, day);
  await jobActionShots(browser, stack, day);
} finally {
  await browser.close();
  await stack.close();
}
process.exit(0);
