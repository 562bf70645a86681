// The app's start-up, loaded by index.html: the only module that does something when imported.
import { startRouter } from './router.js';

startRouter();
