// hls.js names its light build in package.json "exports" without types; they are the full build's.
declare module 'hls.js/light' {
  import Hls from 'hls.js';
  export default Hls;
  export * from 'hls.js';
}
