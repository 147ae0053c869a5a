/** The channel document's conversions: to the §7 body (with the §3 shapes it is checked by) and to the scene. */
export * from './body';
export * from './parse';
export * from './scene';
export * from './nametags';
