export * from './constants';
export * from './types';
export * from './scene';
export * from './channel';
export * from './producerCard';
export * from './transition';
