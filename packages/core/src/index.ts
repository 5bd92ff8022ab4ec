export * from "./errors.js";
export * from "./validate.js";
export * from "./locale.js";
export * from "./options.js";
export * from "./defaults.js";
export * from "./script.js";
export * from "./result.js";
export * from "./csp.js";
