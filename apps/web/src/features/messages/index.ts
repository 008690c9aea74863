/** What the app shell (`app/`) uses of this feature: `app/` imports a feature only through its index. */
export { MessagesHeaderButton } from './components/MessagesHeaderButton';
