export * from "./errors.js";
export * from "./validate.js";
export * from "./locale.js";
export * from "./options.js";
