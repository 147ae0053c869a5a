/** The channel document's conversions: to the §7 body, back from it, and to the scene. */
export * from './body';
export * from './parse';
export * from './scene';
export * from './nametags';
