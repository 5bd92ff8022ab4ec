// Shared inputs of the binding's tests.
export const BASE = 'https://test.gateway.example';
export const ID = '8a8294174b7ecb28014b9699220015ca';
export const ID2 = '8a8294174b7ecb28014b9699220015cb';
export const RESULT_URL = 'https://shop.example/result';
/** The major version the suite is expected to run against (the React 18 config sets it). */
export const EXPECTED_REACT_MAJOR = process.env.WPWL_REACT_MAJOR ?? '19';
