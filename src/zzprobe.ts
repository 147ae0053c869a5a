export * as pixi from 'pixi.js';
export { MediaTextureSource } from '../compositor/render/videoTextures';
