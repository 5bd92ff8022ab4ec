// The stand-in widget's served text, made by build/stand-in.js from ./stand-in.
declare module 'virtual:wpwl-stand-in' {
  const source: string;
  export default source;
}
