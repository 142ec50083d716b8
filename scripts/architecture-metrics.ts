/*
 * The shape measurements docs/architecture.md records before and after a structural change: where the container is
 * bound, function-typed seams, ports and adapters sharing a file, the clock bypassed, and how often the edition
 * defaults are stated. Reads src/ as TypeScript syntax with the type checker (a few seconds).
 *
 *   npx tsx scripts/architecture-metrics.ts [--list] [root]     (root defaults to this checkout)
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = process.argv.slice(2).find((argument) => !argument.startsWith('--')) ?? process.cwd();
const sourceRoot = join(root, 'src');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.d.ts') ? [path] : [];
  });
}

/** Callbacks that report and nothing more: a progress line or a notice is a plain function by choice. */
const REPORTING_CALLBACK = /progress|notice|^say$|^on[A-Z]|warn|report/i;

interface FileShape {
  path: string;
  bindCalls: number;
  containerModules: number;
  functionTypedClassFields: string[];
  functionTypedOptionProperties: string[];
  tokens: number;
  implementingClasses: number;
  newDateCalls: number;
}

// The checker tells a field typed by an alias (`private readonly fetchPage: FetchPage`) from one typed by a class.
const configPath = join(root, 'tsconfig.json');
const parsed = ts.parseJsonConfigFileContent(ts.readConfigFile(configPath, ts.sys.readFile).config, ts.sys, root);
const program = ts.createProgram({ rootNames: sourceFiles(sourceRoot), options: parsed.options });
const checker = program.getTypeChecker();

/** A plain function: callable and nothing else (a class instance or an object with methods is not). */
function isFunctionTyped(node: ts.PropertyDeclaration | ts.PropertySignature | ts.ParameterDeclaration): boolean {
  if (node.type && ts.isFunctionTypeNode(node.type)) return true;
  const type = checker.getNonNullableType(checker.getTypeAtLocation(node.name));
  return type.getCallSignatures().length > 0 && type.getProperties().length === 0;
}

function shapeOf(path: string): FileShape {
  const file = program.getSourceFile(path);
  if (!file) throw new Error(`${path} is not part of the program`);
  const shape: FileShape = {
    path: relative(root, path),
    bindCalls: 0,
    containerModules: 0,
    functionTypedClassFields: [],
    functionTypedOptionProperties: [],
    tokens: 0,
    implementingClasses: 0,
    newDateCalls: 0,
  };
  const where = (node: ts.Node, name: string): string => `${shape.path}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${name}`;
  const visit = (node: ts.Node): void => {
    // `bind(Token)` as a ContainerModule's destructured option, or `container.bind(Token)`.
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'bind' && node.arguments.length === 1) {
      shape.bindCalls += 1;
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const firstArgument = node.arguments[0];
      const bindsFunction = firstArgument !== undefined && (firstArgument.kind === ts.SyntaxKind.ThisKeyword || firstArgument.kind === ts.SyntaxKind.NullKeyword);
      if (method === 'bind' && !bindsFunction && node.arguments.length === 1) shape.bindCalls += 1;
      if (method === 'for' && ts.isIdentifier(node.expression.expression) && node.expression.expression.text === 'Symbol') shape.tokens += 1;
    }
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression)) {
      if (node.expression.text === 'ContainerModule') shape.containerModules += 1;
      if (node.expression.text === 'Date' && (node.arguments?.length ?? 0) === 0) shape.newDateCalls += 1;
    }
    const reporting = (named: { name: ts.Node }) => REPORTING_CALLBACK.test(named.name.getText());
    if (ts.isPropertyDeclaration(node) && !reporting(node) && isFunctionTyped(node)) {
      shape.functionTypedClassFields.push(where(node, node.name.getText()));
    }
    if (ts.isParameter(node) && ts.isParameterPropertyDeclaration(node, node.parent) && !reporting(node) && isFunctionTyped(node)) {
      shape.functionTypedClassFields.push(where(node, node.name.getText()));
    }
    if (ts.isPropertySignature(node) && !reporting(node) && isFunctionTyped(node)) {
      shape.functionTypedOptionProperties.push(where(node, node.name.getText()));
    }
    if (ts.isClassDeclaration(node) && node.heritageClauses?.some((clause) => clause.token === ts.SyntaxKind.ImplementsKeyword)) {
      shape.implementingClasses += 1;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return shape;
}

const shapes = sourceFiles(sourceRoot).map(shapeOf);
const outsideRoot = (shape: FileShape) => !shape.path.startsWith('src/composition/');
const onMainPaths = (shape: FileShape) => !shape.path.startsWith('src/adapters/web/client/') && !shape.path.startsWith('src/adapters/demo/');
const bindingFiles = shapes.filter((shape) => shape.bindCalls > 0 || shape.containerModules > 0);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const main = shapes.filter(onMainPaths);
const portFilesWithSeveral = shapes.filter((shape) => shape.path.startsWith('src/application/') && shape.tokens > 1);
const adapterFilesWithSeveral = shapes.filter((shape) => shape.path.startsWith('src/adapters/') && shape.implementingClasses > 1);
const clockBypassed = shapes.filter((shape) => shape.path.startsWith('src/application/') && !shape.path.endsWith('/clock.ts') && shape.newDateCalls > 0);

const rows: Array<[string, number, string[]]> = [
  ['files that bind the container (bind calls or ContainerModule)', bindingFiles.length, bindingFiles.map((shape) => shape.path)],
  ['… of them outside src/composition', bindingFiles.filter(outsideRoot).length, bindingFiles.filter(outsideRoot).map((shape) => shape.path)],
  ['bind calls outside src/composition', sum(shapes.filter(outsideRoot).map((shape) => shape.bindCalls)), []],
  ['ContainerModules outside src/composition', sum(shapes.filter(outsideRoot).map((shape) => shape.containerModules)), []],
  ['function-typed class fields (src/ but the browser client and demo)', sum(main.map((shape) => shape.functionTypedClassFields.length)), main.flatMap((shape) => shape.functionTypedClassFields)],
  ['function-typed properties of interfaces and option objects (same)', sum(main.map((shape) => shape.functionTypedOptionProperties.length)), main.flatMap((shape) => shape.functionTypedOptionProperties)],
  ['application files declaring more than one DI token', portFilesWithSeveral.length, portFilesWithSeveral.map((shape) => shape.path)],
  ['adapter files with more than one implementing class', adapterFilesWithSeveral.length, adapterFilesWithSeveral.map((shape) => shape.path)],
  ['application files calling new Date() instead of the Clock', clockBypassed.length, clockBypassed.map((shape) => shape.path)],
];

const verbose = process.argv.includes('--list');
for (const [what, count, places] of rows) {
  console.log(`${String(count).padStart(5)}  ${what}`);
  if (verbose) for (const place of places) console.log(`         ${place}`);
}
