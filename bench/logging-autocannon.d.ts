// The request body option of autocannon, which the shared typings (bench/autocannon.d.ts) leave out.
import 'autocannon';

declare module 'autocannon' {
  interface Options {
    body?: string;
  }
}
