// @ts-check
/*
 * Lint rules that keep the hexagon's shape where a selector cannot count: one port (one DI token) per file in the
 * application layer, one adapter (one class implementing a port) per file in the adapters.
 */

/**
 * @param {string} what
 * @param {(node: any) => boolean} counts
 * @param {string} nodeType
 * @returns {import('eslint').Rule.RuleModule}
 */
function onePerFile(what, counts, nodeType) {
  return {
    meta: { type: 'suggestion', schema: [], messages: { second: `One ${what} per file: move this one into a file of its own.` } },
    create(context) {
      let seen = 0;
      return {
        [nodeType](node) {
          if (!counts(node)) return;
          seen += 1;
          if (seen > 1) context.report({ node, messageId: 'second' });
        },
      };
    },
  };
}

const isDiToken = (node) =>
  node.callee.type === 'MemberExpression' &&
  node.callee.object.type === 'Identifier' &&
  node.callee.object.name === 'Symbol' &&
  node.callee.property.type === 'Identifier' &&
  node.callee.property.name === 'for';

const implementsAPort = (node) => Array.isArray(node.implements) && node.implements.length > 0;

export const shapeRules = {
  rules: {
    'one-port-per-file': onePerFile('port (DI token)', isDiToken, 'CallExpression'),
    'one-adapter-per-file': onePerFile('adapter (class implementing a port)', implementsAPort, 'ClassDeclaration'),
  },
};
