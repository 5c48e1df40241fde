// The echogarden WebAssembly packages ship no types: each default export is an Emscripten factory.
declare module '@echogarden/rubberband-wasm' {
  const factory: (options?: object) => Promise<unknown>;
  export default factory;
}
declare module '@echogarden/rnnoise-wasm' {
  const factory: (options?: object) => Promise<unknown>;
  export default factory;
}
declare module '@echogarden/espeak-ng-emscripten' {
  const factory: (options?: object) => Promise<unknown>;
  export default factory;
}
