// What other features may use from connectAssistant; everything else in this folder is its own.
export { takePendingConnect } from './pendingConnect';
