// What other features may use from analytics; everything else in this folder is its own.
export { NextBestSlot } from './NextBestSlot';
export { TargetMetrics } from './TargetMetrics';
