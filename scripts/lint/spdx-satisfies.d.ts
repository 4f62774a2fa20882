/** spdx-satisfies 5 ships no types: whether an SPDX expression satisfies another (scripts/lint/shippable-licences.ts). */
declare module 'spdx-satisfies' {
  export default function satisfies(expression: string, allowed: string): boolean;
}
