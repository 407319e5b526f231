// What other features may use from accounts; everything else in this folder is its own.
export { useConnections, useStartConnection } from './api/connections';
export { connectErrorText } from './components/connectErrorText';
export { ServerConnectForm } from './components/ServerConnectForm';
