/**
 * ajv's standalone code for one compiled function, independent of compile order: the
 * same walk over the function and what it references as ajv's `standaloneCode`, as a
 * self-contained chunk (validators-module.ts puts chunks together). ajv's own appends
 * each export to one growing `_Code`, which copies every earlier export each time: at
 * 5,000 tools that copying was a third of the emitter's time.
 */
import type { Ajv, ValidateFunction } from "ajv";
import { _, _Code, nil, type Code } from "ajv/dist/compile/codegen/code.js";
import { UsedValueState, varKinds, type UsedScopeValues, type ValueScopeName } from "ajv/dist/compile/codegen/scope.js";
import type { SchemaEnv } from "ajv/dist/compile/index.js";
import type { SourceCode } from "ajv/dist/types/index.js";

/**
 * One function's standalone code with everything it uses, ending in `return <function>;`:
 * a chunk that runs on its own (inside a function body), its names numbered from 0.
 */
export function standaloneChunk(ajv: Ajv, validate: ValidateFunction): string {
  if (!ajv.opts.code.source || !ajv.opts.code.esm) throw new Error("standaloneChunk: ajv needs code.source and code.esm");
  const source = sourceOf(validate.source);
  const n = `${ajv.scope.opts._n}`;
  return renumberScopeNames(`${validateCode(ajv, {}, source)}${n}return ${source.validateName};${n}`);
}

/** As in ajv's standalone/index.ts: a function's scope values, then its body, each once per module. */
function validateCode(ajv: Ajv, used: UsedScopeValues, source: SourceCode): Code {
  const state = (name: ValueScopeName): UsedValueState | undefined => used[name.prefix]?.get(name);
  if (state(source.validateName) === UsedValueState.Completed) return nil;
  (used[source.validateName.prefix] ??= new Map()).set(source.validateName, UsedValueState.Started);
  const n = ajv.scope.opts._n;

  const refCode = (name: ValueScopeName): Code | undefined => {
    const ref = name.value?.ref;
    if (name.prefix === "validate" && typeof ref === "function") {
      return validateCode(ajv, used, sourceOf((ref as ValidateFunction).source));
    }
    if ((name.prefix === "root" || name.prefix === "wrapper") && typeof ref === "object" && ref !== null) {
      const { validate, validateName } = ref as SchemaEnv;
      if (!validateName) throw new Error("ajv internal error");
      const wrapper = _`${ajv.opts.code.es5 ? varKinds.var : varKinds.const} ${name} = {validate: ${validateName}};`;
      if (state(validateName) === UsedValueState.Started) return wrapper;
      return _`${wrapper}${n}${validateCode(ajv, used, sourceOf(validate?.source))}`;
    }
    return undefined;
  };
  const code = new _Code(`${ajv.scope.scopeCode(source.scopeValues, used, refCode)}${n}${source.validateCode}`);
  // Unlike ajv's, which marks only the functions it reaches through scope values: an export
  // sharing an earlier export's function must not define it again.
  used[source.validateName.prefix]?.set(source.validateName, UsedValueState.Completed);
  return source.evaluated ? _`${code}${source.validateName}.evaluated = ${source.evaluated};${n}` : code;
}

function sourceOf(source: SourceCode | undefined): SourceCode {
  if (!source) throw new Error('standaloneModule: function does not have "source" property');
  return source;
}

// The names ajv gives values shared by all functions of an instance (its EXT_SCOPE_NAMES);
// local names never use these prefixes. Literals are matched first so that their contents
// (a property called `schema1`, say) are left alone: ajv writes strings with double quotes
// only, and regular expression literals only as a format's value (`const formats0 = /.../u;`).
const SCOPE_NAME = new RegExp(
  [
    /"(?:[^"\\\n]|\\.)*"/.source,
    /(?<== )\/(?:[^/\\\n[]|\\.|\[(?:[^\]\\\n]|\\.)*\])+\/[dgimsuvy]*/.source,
    /(?<![\w$.])(validate\$data|validate|serialize|parse|wrapper|root|schema|keyword|pattern|formats|func|obj|Error)(\d+)(?![\w$])/.source,
  ].join("|"),
  "g",
);

/**
 * Numbers ajv's instance-wide names (`validate1234`, `schema56`) in order of appearance.
 * They count every schema the instance ever compiled, so without this the module would
 * depend on what else this process compiled before, and in which order.
 */
export function renumberScopeNames(code: string): string {
  const next = new Map<string, number>();
  const renamed = new Map<string, string>();
  return code.replace(SCOPE_NAME, (match, prefix: string | undefined) => {
    if (prefix === undefined) return match;
    let name = renamed.get(match);
    if (name === undefined) {
      const index = next.get(prefix) ?? 0;
      next.set(prefix, index + 1);
      name = `${prefix}${index}`;
      renamed.set(match, name);
    }
    return name;
  });
}
