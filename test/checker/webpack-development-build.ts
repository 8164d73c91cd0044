/**
 * What webpack 5 writes in mode 'development', for check-bundle's tests. webpack is not installed here (nor in
 * the npm cache of the machines these tests run on), so this writes its output's shape by hand, as webpack's
 * templates lay it out: the bootstrap and runtime between `/******\/` lines, each module in a function
 * under a `/*!*** path ***!*\/` banner, its code kept as written (harmony exports turned into
 * `__webpack_require__.d` getters) and, under the default `eval` devtool, passed to `eval` as a JSON string.
 */

/** One module of the build: its id (a path for a module of the build, the request for an external). */
export interface WebpackModule {
  readonly id: string
  /** Its code after webpack's harmony transform; for an external, `module.exports = require(...)`. */
  readonly code: string
  /** What the banner calls it: the id, or `external "@tech-vendor/api"`. */
  readonly banner?: string
  /** The parameters webpack gives its function. */
  readonly parameters: string
}

/** Options of the build. */
export interface WebpackDevelopmentOptions {
  /** `'eval'`, webpack's default in development, or `false`. */
  readonly devtool: 'eval' | false
  /** The module webpack starts from. */
  readonly entry: string
  /** The project's name, in eval's `sourceURL`. */
  readonly name: string
}

/** The harmony header webpack puts above a module that exports `names`. */
export function harmonyExports(names: readonly string[]): string {
  return [
    '__webpack_require__.r(__webpack_exports__);',
    '/* harmony export */ __webpack_require__.d(__webpack_exports__, {',
    ...names.map(
      (n, i) => `/* harmony export */   ${n}: () => (/* binding */ ${n})${i < names.length - 1 ? ',' : ''}`,
    ),
    '/* harmony export */ });',
  ].join('\n')
}

function banner(text: string): string {
  const line = '*'.repeat(text.length + 8)
  return `/*!${line}!*\\\n  !*** ${text} ***!\n  \\${line}/`
}

const RUNTIME = `/******/ 	});
/************************************************************************/
/******/ 	// The module cache
/******/ 	var __webpack_module_cache__ = {};
/******/ 	
/******/ 	// The require function
/******/ 	function __webpack_require__(moduleId) {
/******/ 		// Check if module is in cache
/******/ 		var cachedModule = __webpack_module_cache__[moduleId];
/******/ 		if (cachedModule !== undefined) {
/******/ 			return cachedModule.exports;
/******/ 		}
/******/ 		// Create a new module (and put it into the cache)
/******/ 		var module = __webpack_module_cache__[moduleId] = {
/******/ 			// no module.id needed
/******/ 			// no module.loaded needed
/******/ 			exports: {}
/******/ 		};
/******/ 	
/******/ 		// Execute the module function
/******/ 		__webpack_modules__[moduleId](module, module.exports, __webpack_require__);
/******/ 	
/******/ 		// Return the exports of the module
/******/ 		return module.exports;
/******/ 	}
/******/ 	
/************************************************************************/
/******/ 	/* webpack/runtime/define property getters */
/******/ 	(() => {
/******/ 		// define getter functions for harmony exports
/******/ 		__webpack_require__.d = (exports, definition) => {
/******/ 			for(var key in definition) {
/******/ 				if(__webpack_require__.o(definition, key) && !__webpack_require__.o(exports, key)) {
/******/ 					Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 				}
/******/ 			}
/******/ 		};
/******/ 	})();
/******/ 	
/******/ 	/* webpack/runtime/hasOwnProperty shorthand */
/******/ 	(() => {
/******/ 		__webpack_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ 	})();
/******/ 	
/******/ 	/* webpack/runtime/make namespace object */
/******/ 	(() => {
/******/ 		// define __esModule on exports
/******/ 		__webpack_require__.r = (exports) => {
/******/ 			if(typeof Symbol !== 'undefined' && Symbol.toStringTag) {
/******/ 				Object.defineProperty(exports, Symbol.toStringTag, { value: 'Module' });
/******/ 			}
/******/ 			Object.defineProperty(exports, '__esModule', { value: true });
/******/ 		};
/******/ 	})();
/******/ 	
/************************************************************************/
/******/ 	`

const EVAL_NOTICE = `/*
 * ATTENTION: The "eval" devtool has been used (maybe by default in mode: "development").
 * This devtool is neither made for production nor for readable output files.
 * It uses "eval()" calls to create a separate source file in the browser devtools.
 * If you are trying to read the output file, select a different devtool (https://webpack.js.org/configuration/devtool/)
 * or disable the default devtool with "devtool: false".
 * If you are looking for production-ready output files, see mode: "production" (https://webpack.js.org/configuration/mode/).
 */
`

/** The text of a webpack development build of `modules`. */
export function webpackDevelopmentBuild(
  modules: readonly WebpackModule[],
  options: WebpackDevelopmentOptions,
): string {
  const body = modules.map((m) => {
    const code =
      options.devtool === 'eval' && m.banner === undefined
        ? `eval(${JSON.stringify(`${m.code}\n\n//# sourceURL=webpack://${options.name}/${m.id}?`)});`
        : m.code
    return `/***/ ${JSON.stringify(m.id)}:\n${banner(m.banner ?? m.id)}\n/***/ ((${m.parameters}) => {\n\n${code}\n\n/***/ })`
  })
  return `${options.devtool === 'eval' ? EVAL_NOTICE : ''}/******/ (() => { // webpackBootstrap
/******/ 	"use strict";
/******/ 	var __webpack_modules__ = ({

${body.join(',\n\n')}

${RUNTIME}
/******/ 	// startup
/******/ 	// Load entry module and return exports
/******/ 	var __webpack_exports__ = __webpack_require__(${JSON.stringify(options.entry)});
/******/ 	module.exports = __webpack_exports__;
/******/ 	
/******/ })()
;
`
}
