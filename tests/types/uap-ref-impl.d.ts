/** uap-core's reference parser ships no types: the part the tests use. */
declare module 'uap-ref-impl' {
  interface Part {
    family: string;
    major?: string | null;
    minor?: string | null;
    patch?: string | null;
    patchMinor?: string | null;
    brand?: string | null;
    model?: string | null;
  }
  interface Parser {
    parse(ua: string): { ua: Part; os: Part; device: Part };
    parseUA(ua: string): Part;
    parseOS(ua: string): Part;
    parseDevice(ua: string): Part;
  }
  export default function makeParser(regexes: { user_agent_parsers: object[]; os_parsers: object[]; device_parsers: object[] }): Parser;
}
