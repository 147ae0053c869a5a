/** Channel sync: the keyed channel, the server's room and a tab's client engine (CONTRACT "Sync"). */
export * from './keyed';
export * from './room';
export * from './client';
