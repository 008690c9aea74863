/** What the app shell (`app/`) uses of this feature: `app/` imports a feature only through its index. */
export { useOutbidToast } from './live/useOutbidToast';
