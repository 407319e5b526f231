// What other features may use from settings; everything else in this folder is its own.
export { ApplySavedSettings, browserZone, savedTimeZone, useSchedulingTimeZone } from './savedSettings';
