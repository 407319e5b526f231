import { createPostStore, type PostStore } from '../services/postStore';
import { clock, documentClient, tableName } from './shared';

let store: PostStore | undefined;
/** The posts table. */
export function postStore(): PostStore {
  return (store ??= createPostStore({ db: documentClient(), tableName: tableName('posts'), clock }));
}
