// The one plural rule lives in packages/shared so server and web messages agree.
export { plural } from '@nivesh/shared';
