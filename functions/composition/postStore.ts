import { clock, documentClient, tableName } from './shared';
import { createPostStore, type PostStore } from '../services/postStore';

let store: PostStore | undefined;
/** The posts table. */
export function postStore(): PostStore {
  return (store ??= createPostStore({ db: documentClient(), tableName: tableName('posts'), clock }));
}
