// @ts-check
// The <chess-tutor> element's attributes (docs/embedding.md): those it watches, and those it
// reflects as properties (element.orientation = "black" sets the attribute; reading gives the
// attribute's value if it is one of the allowed ones, else the first, the default).

/** The attributes whose change the element acts on (attributeChangedCallback). */
export const OBSERVED = ["fen", "lang", "orientation", "coordinates", "lesson", "auto-queen", "move-list", "controls", "mode", "pieces", "formula", "xapi-endpoint", "read-aloud"];

// reflected attributes: [property, attribute, values (first: default) or true (boolean)]
/** @type {[string, string, (string[] | true)?][]} */
const REFLECTED = [
  ["orientation", "orientation", ["white", "black"]],
  ["coordinates", "coordinates", ["algebraic", "both", "ij", "none"]],
  ["formula", "formula", ["plain", "full"]],
  ["sound", "sound", true],
  ["moveList", "move-list", ["none", "san", "long"]],
  ["lesson", "lesson"],
  ["mode", "mode"],
  ["pieces", "pieces"],
  ["autoQueen", "auto-queen", true],
  ["readAloud", "read-aloud", true],
];

/** Defines the reflected properties on the element's prototype. */
export function reflect(proto) {
  for (const [prop, attr, values] of REFLECTED) {
    Object.defineProperty(proto, prop, {
      get() {
        const value = this.getAttribute(attr);
        if (values === true) return value != null;
        return values ? (values.includes(value) ? value : values[0]) : value;
      },
      set(value) {
        if (values === true ? !value : value == null) this.removeAttribute(attr);
        else this.setAttribute(attr, values === true ? "" : value);
      },
    });
  }
}
