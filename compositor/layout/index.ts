export * from './availability';
export * from './layers';
export * from './onAir';
export * from './rects';
export { roundCrop, roundFraction } from './round';
export { initialsOf } from './initials';
export * from './bottomBand';
export * from './tween';
