// Vite 8 must load redux-persist's ESM build (conventions.md); its types live beside the CommonJS one.
declare module 'redux-persist/es/integration/react' {
  export * from 'redux-persist/integration/react';
}
