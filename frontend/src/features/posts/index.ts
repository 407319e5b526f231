// What other features may use from posts; everything else in this folder is its own.
export { NotificationsBell } from './notifications/NotificationsBell';
