// Vite 8 must load redux-persist's ESM build (a default import of its CommonJS build blanked the
// production page: "getItem is not a function"); its types live beside the CommonJS one.
declare module 'redux-persist/es/integration/react' {
  export * from 'redux-persist/integration/react';
}
