/** What other features use of the access feature (grant links, access requests, sharing). */
export { GrantLinkHandler } from './components/grant-link-handler';
export { RequestAccessDialog } from './components/request-access-dialog';
export { RequestModelAccessButton } from './components/request-model-access-button';
export { ShareModelDialog } from './components/share-model-dialog';
