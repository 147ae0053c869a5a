/**
 * The floor (PERF-NOTES): raw WebGL2, one texture and one plain textured quad per source, nothing
 * else. What any compositor must at least pay to upload N sources and draw them at their tiles.
 */
export interface TileBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

const VERTEX = `#version 300 es
in vec2 aPos;
uniform vec4 uRect; // clip-space x, y, w, h
out vec2 vUV;
void main() {
  vUV = aPos;
  gl_Position = vec4(uRect.x + aPos.x * uRect.z, uRect.y - aPos.y * uRect.w, 0.0, 1.0);
}`;
const FRAGMENT = `#version 300 es
precision mediump float;
in vec2 vUV;
uniform sampler2D uTex;
out vec4 outColor;
void main() { outColor = texture(uTex, vUV); }`;

function compile(gl: WebGL2RenderingContext, type: number, src: string): WebGLShader {
  const shader = gl.createShader(type)!;
  gl.shaderSource(shader, src);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) throw new Error(gl.getShaderInfoLog(shader) ?? 'shader');
  return shader;
}

/** A graphic as the floor draws it: a texture rasterised once, blended over the videos at its box. */
export interface Overlay {
  source: TexImageSource;
  box: TileBox;
}

export class Floor {
  readonly gl: WebGL2RenderingContext;
  private readonly textures: WebGLTexture[] = [];
  private overlays: { texture: WebGLTexture; box: TileBox }[] = [];
  private readonly allocated: boolean[] = [];
  private readonly uRect: WebGLUniformLocation;
  private readonly pixel = new Uint8Array(4);

  constructor(
    readonly canvas: HTMLCanvasElement,
    readonly width: number,
    readonly height: number,
  ) {
    canvas.width = width;
    canvas.height = height;
    const gl = canvas.getContext('webgl2', {
      alpha: false,
      antialias: false,
      depth: false,
      stencil: false,
      premultipliedAlpha: true,
      preserveDrawingBuffer: false,
    });
    if (!gl) throw new Error('no WebGL2');
    this.gl = gl;
    const program = gl.createProgram()!;
    gl.attachShader(program, compile(gl, gl.VERTEX_SHADER, VERTEX));
    gl.attachShader(program, compile(gl, gl.FRAGMENT_SHADER, FRAGMENT));
    gl.linkProgram(program);
    if (!gl.getProgramParameter(program, gl.LINK_STATUS)) throw new Error(gl.getProgramInfoLog(program) ?? 'link');
    gl.useProgram(program);
    const buffer = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
    gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([0, 0, 1, 0, 0, 1, 1, 1]), gl.STATIC_DRAW);
    const aPos = gl.getAttribLocation(program, 'aPos');
    gl.enableVertexAttribArray(aPos);
    gl.vertexAttribPointer(aPos, 2, gl.FLOAT, false, 0, 0);
    this.uRect = gl.getUniformLocation(program, 'uRect')!;
    gl.uniform1i(gl.getUniformLocation(program, 'uTex'), 0);
    gl.activeTexture(gl.TEXTURE0);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
    gl.viewport(0, 0, width, height);
    gl.clearColor(0.043, 0.051, 0.071, 1);
  }

  /**
   * Graphics drawn after the videos on every frame (the broadcast scene's templates and foreground):
   * uploaded once here, as if pre-rasterised, then one blended textured quad each per frame.
   */
  setOverlays(overlays: readonly Overlay[]): void {
    const { gl } = this;
    for (const o of this.overlays) gl.deleteTexture(o.texture);
    this.overlays = overlays.map(({ source, box }) => {
      const texture = this.newTexture();
      gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, source);
      return { texture, box };
    });
  }

  private newTexture(): WebGLTexture {
    const { gl } = this;
    const texture = gl.createTexture()!;
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    return texture;
  }

  private quad(tile: TileBox): void {
    const { gl } = this;
    const x = (tile.x / this.width) * 2 - 1;
    const y = 1 - (tile.y / this.height) * 2;
    gl.uniform4f(this.uRect, x, y, (tile.width / this.width) * 2, (tile.height / this.height) * 2);
    gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
  }

  /** Upload every source, draw one quad each, return the CPU submission time (ms). */
  draw(sources: readonly TexImageSource[], tiles: readonly TileBox[], upload = true): number {
    const { gl } = this;
    const start = performance.now();
    gl.clear(gl.COLOR_BUFFER_BIT);
    for (let i = 0; i < sources.length; i += 1) {
      const tile = tiles[i];
      if (!tile) continue;
      let texture = this.textures[i];
      if (!texture) {
        texture = this.newTexture();
        this.textures[i] = texture;
      } else gl.bindTexture(gl.TEXTURE_2D, texture);
      const source = sources[i]!;
      if (!upload && this.allocated[i]) {
        // draw the last upload again
      } else if (this.allocated[i]) gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, gl.RGBA, gl.UNSIGNED_BYTE, source);
      else {
        gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, source);
        this.allocated[i] = true;
      }
      this.quad(tile);
    }
    if (this.overlays.length > 0) {
      gl.enable(gl.BLEND);
      gl.blendFunc(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA);
      for (const o of this.overlays) {
        gl.bindTexture(gl.TEXTURE_2D, o.texture);
        this.quad(o.box);
      }
      gl.disable(gl.BLEND);
    }
    return performance.now() - start;
  }

  /** 1-pixel readback: waits for the frame to be drawn. */
  sync(): number {
    const { gl } = this;
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, this.pixel);
    return this.pixel[0]!;
  }

  destroy(): void {
    for (const t of this.textures) this.gl.deleteTexture(t);
    for (const o of this.overlays) this.gl.deleteTexture(o.texture);
    this.gl.getExtension('WEBGL_lose_context')?.loseContext();
  }
}

/**
 * Canvas 2D reference: drawImage of each source at its tile (the cheaper path in software per
 * PERF-NOTES), synced by a 1-pixel getImageData. Context only: the floor is the WebGL2 one.
 */
export class Canvas2DFloor {
  private readonly ctx: CanvasRenderingContext2D;

  constructor(
    readonly canvas: HTMLCanvasElement,
    readonly width: number,
    readonly height: number,
  ) {
    canvas.width = width;
    canvas.height = height;
    this.ctx = canvas.getContext('2d', { alpha: false })!;
  }

  draw(sources: readonly CanvasImageSource[], tiles: readonly TileBox[]): number {
    const start = performance.now();
    const { ctx } = this;
    ctx.fillStyle = '#0b0d12';
    ctx.fillRect(0, 0, this.width, this.height);
    for (let i = 0; i < sources.length; i += 1) {
      const tile = tiles[i];
      if (tile) ctx.drawImage(sources[i]!, tile.x, tile.y, tile.width, tile.height);
    }
    return performance.now() - start;
  }

  sync(): number {
    return this.ctx.getImageData(0, 0, 1, 1).data[0]!;
  }
}
