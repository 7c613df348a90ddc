#!/usr/bin/env node
// A small OpenAI-compatible chat-completions server around a real local model, for tests.
//
// Why: the summarizer's HTTP client is tested against scripted replies (tests/fixtures/
// llm_server.py); this serves what a real model writes under a real grammar, offline, on the
// CPU, the way local servers (llama.cpp's llama-server, LM Studio, llama-cpp-python) answer.
// The model and node-llama-cpp come from `python -m tools.llm_model fetch`; nothing is built,
// downloaded or compiled here.
//
//     node tools/llm_server.mjs --port 8089 [--mode default|json-object-only|no-format]
//                               [--dir CACHE] [--model FILE.gguf] [--threads 1] [--watch-stdin]
//
// --port 0 takes a free port. Once the model is loaded it prints one line on stdout:
//     READY port=8089 url=http://127.0.0.1:8089/v1 mode=default model=SmolLM2-135M-Instruct
//
// Modes, to emulate servers that differ:
//   default            response_format json_schema, json_object (+ schema) and text
//   json-object-only   json_schema is a 500 with an error body (as older llama-server answered;
//                      llama-cpp-python takes only json_object); json_object (+ schema) works
//   no-format          response_format is ignored: plain text, whatever was asked
//
// Deterministic: temperature 0 (the default here) is greedy; above 0 sampling uses `seed`
// (default 0); every request starts from an empty context. The same answer needs the same
// --threads too: ggml sums in another order on two threads, and a greedy choice can flip.
// Requests are served one at a time, in order. Errors answer
// {"error": {"message", "type", "code"}} with a status; nothing a client sends stops the server.

import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const MODES = ["default", "json-object-only", "no-format"];
const DEFAULT_MAX_TOKENS = 512; // when a request names none: nothing runs away
const CONTEXT_SIZE = 4096;
const MAX_BODY = 4 << 20; // bytes of request body accepted
const GRAMMAR_CACHE = 32; // compiled grammars kept, by schema text
const GGUF_NAME = "SmolLM2-135M-Instruct.Q4_1.gguf";

function parseArgs(argv) {
  const options = {
    port: null,
    mode: "default",
    dir: process.env.VAULTKIT_TEST_LLM_DIR || path.join(os.homedir(), ".cache", "vaultkit", "test-llm"),
    model: null,
    // One thread: ggml's threads wait on each other spinning, so two of them on two cores that
    // anything else is using (pytest, a build) run 3-4 times slower than one alone. On an idle
    // machine two read a prompt 1.7 times as fast, and write about 15% faster.
    threads: 1,
    watchStdin: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) usage(`${arg} needs a value`);
      return argv[++i];
    };
    if (arg === "--port") options.port = Number(value());
    else if (arg === "--mode") options.mode = value();
    else if (arg === "--dir") options.dir = value();
    else if (arg === "--model") options.model = value();
    else if (arg === "--threads") options.threads = Number(value());
    else if (arg === "--watch-stdin") options.watchStdin = true;
    else if (/^\d+$/.test(arg) && options.port === null) options.port = Number(arg);
    else usage(`unknown argument ${arg}`);
  }
  if (options.port === null || !Number.isInteger(options.port) || options.port < 0 || options.port > 65535)
    usage("a port is required (0 for a free one)");
  if (!MODES.includes(options.mode)) usage(`--mode must be one of ${MODES.join(", ")}`);
  if (!Number.isInteger(options.threads) || options.threads < 1) usage("--threads must be >= 1");
  options.model ??= path.join(options.dir, GGUF_NAME);
  return options;
}

function usage(message) {
  process.stderr.write(
    `llm_server: ${message}\n` +
      "usage: node tools/llm_server.mjs --port N [--mode default|json-object-only|no-format] " +
      "[--dir CACHE] [--model FILE.gguf] [--threads N] [--watch-stdin]\n",
  );
  process.exit(2);
}

// ---- errors ----------------------------------------------------------------------------------

class HttpError extends Error {
  constructor(status, message, type = "invalid_request_error", param = null) {
    super(message);
    this.status = status;
    this.type = type;
    this.param = param;
  }
}

const badRequest = (message, param = null) => new HttpError(400, message, "invalid_request_error", param);

function errorBody(error) {
  return { error: { message: error.message, type: error.type, param: error.param, code: error.status } };
}

// ---- the model -------------------------------------------------------------------------------

async function loadNodeLlamaCpp(dir) {
  // Resolved in the cache folder, not beside this file: tools/ has no node_modules of its own.
  const entry = path.join(dir, "node_modules", "node-llama-cpp", "dist", "index.js");
  if (!fs.existsSync(entry)) {
    throw new Error(`node-llama-cpp is not installed in ${dir} (python -m tools.llm_model fetch)`);
  }
  return import(pathToFileURL(entry).href);
}

async function loadModel(options) {
  if (!fs.existsSync(options.model)) {
    throw new Error(`no model at ${options.model} (python -m tools.llm_model fetch)`);
  }
  const lib = await loadNodeLlamaCpp(options.dir);
  // CPU only, the prebuilt binary only: never a GPU probe, a source build or a download.
  const llama = await lib.getLlama({
    gpu: false,
    build: "never",
    usePrebuiltBinaries: true,
    progressLogs: false,
    skipDownload: true,
    maxThreads: options.threads,
    logLevel: lib.LlamaLogLevel.error,
    logger: (level, message) => process.stderr.write(`llama[${level}] ${message}\n`),
  });
  const model = await llama.loadModel({ modelPath: options.model });
  const context = await model.createContext({
    contextSize: CONTEXT_SIZE,
    sequences: 1,
    threads: options.threads,
  });
  const sequence = context.getSequence();
  const name = path.basename(options.model).replace(/\.gguf$/i, "").replace(/\.Q\d.*$/i, "");
  return { lib, llama, model, context, sequence, name };
}

// ---- requests --------------------------------------------------------------------------------

function messageText(content, index) {
  if (typeof content === "string") return content;
  if (content === null || content === undefined) return "";
  if (Array.isArray(content)) {
    return content
      .map((part, j) => {
        if (part && part.type === "text" && typeof part.text === "string") return part.text;
        throw badRequest(`messages[${index}].content[${j}]: only text parts are supported`, "messages");
      })
      .join("");
  }
  throw badRequest(`messages[${index}].content must be a string or a list of text parts`, "messages");
}

function chatHistory(messages) {
  if (!Array.isArray(messages) || messages.length === 0) {
    throw badRequest("messages must be a non-empty list", "messages");
  }
  const history = [];
  messages.forEach((message, i) => {
    if (!message || typeof message !== "object") throw badRequest(`messages[${i}] must be an object`, "messages");
    const text = messageText(message.content, i);
    const role = message.role;
    if (role === "system" || role === "developer") history.push({ type: "system", text });
    else if (role === "user") history.push({ type: "user", text });
    else if (role === "assistant") history.push({ type: "model", response: [text] });
    else throw badRequest(`messages[${i}].role must be system, developer, user or assistant`, "messages");
  });
  if (history[history.length - 1].type !== "model") history.push({ type: "model", response: [] });
  return history;
}

function integer(body, names, fallback, min, max) {
  for (const name of names) {
    const value = body[name];
    if (value === undefined || value === null) continue;
    if (!Number.isInteger(value) || value < min || value > max) {
      throw badRequest(`${name} must be an integer from ${min} to ${max}`, name);
    }
    return value;
  }
  return fallback;
}

function number(body, name, fallback, min, max) {
  const value = body[name];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > max) {
    throw badRequest(`${name} must be a number from ${min} to ${max}`, name);
  }
  return value;
}

// What the output must be: null (free text), {kind: "json"} or {kind: "schema", schema}.
function outputFormat(responseFormat, mode) {
  if (mode === "no-format" || responseFormat === undefined || responseFormat === null) return null;
  if (typeof responseFormat !== "object" || Array.isArray(responseFormat)) {
    throw badRequest("response_format must be an object", "response_format");
  }
  const type = responseFormat.type;
  if (type === "text") return null;
  if (type === "json_object") {
    const schema = responseFormat.schema;
    if (schema === undefined || schema === null) return { kind: "json" };
    return checkedSchema(schema, "response_format.schema");
  }
  if (type === "json_schema") {
    if (mode === "json-object-only") {
      // What older llama-server answered (and llama-cpp-python takes no json_schema either).
      throw new HttpError(
        500,
        `response_format type must be one of "text" or "json_object", but got: json_schema`,
        "server_error",
      );
    }
    const wrapper = responseFormat.json_schema;
    if (!wrapper || typeof wrapper !== "object" || Array.isArray(wrapper)) {
      throw badRequest("response_format.json_schema must be an object", "response_format");
    }
    return checkedSchema(wrapper.schema, "response_format.json_schema.schema");
  }
  throw badRequest(
    `response_format.type must be one of "text", "json_object" or "json_schema", got ${JSON.stringify(type)}`,
    "response_format",
  );
}

function checkedSchema(schema, where) {
  if (!schema || typeof schema !== "object" || Array.isArray(schema)) {
    throw badRequest(`${where} must be a JSON schema object`, "response_format");
  }
  const normalized = normalizedSchema(schema);
  // `{}` (any value) would be `null` to node-llama-cpp: JSON mode is the nearest it has.
  const constraining = ["type", "enum", "const", "oneOf", "$ref", "properties", "items", "prefixItems"];
  return constraining.some((key) => key in normalized) ? { kind: "schema", schema: normalized } : { kind: "json" };
}

// node-llama-cpp's grammar knows `oneOf` and `$defs`; schemas from pydantic and friends also
// use `anyOf`, `allOf` of one item and `definitions`. Rewrite those; leave the rest as is
// (`pattern` is not enforced, and every property named is written, required or not).
function normalizedSchema(node) {
  if (Array.isArray(node)) return node.map(normalizedSchema);
  if (!node || typeof node !== "object") return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "anyOf") out.oneOf = normalizedSchema(value);
    else if (key === "definitions") out.$defs = normalizedSchema(value);
    else if (key === "$ref" && typeof value === "string") out.$ref = value.replace(/^#\/definitions\//, "#/$defs/");
    else if (key === "enum" || key === "const" || key === "default" || key === "examples") out[key] = value;
    else out[key] = normalizedSchema(value);
  }
  // An object with no properties named is any object (node-llama-cpp: only `{}`).
  if (out.type === "object" && out.properties === undefined && out.additionalProperties === undefined) {
    out.additionalProperties = true;
  }
  if (Array.isArray(out.allOf) && out.allOf.length === 1 && typeof out.allOf[0] === "object") {
    const { allOf: [only], ...rest } = out;
    return { ...only, ...rest };
  }
  return integerRange(out);
}

// node-llama-cpp's grammar ignores `minimum` and `maximum` (llama-server's does not): a small
// integer range becomes the enum of its values, so that "importance 1 to 10" holds.
const MAX_RANGE = 256;
function integerRange(schema) {
  if (schema.type !== "integer" || schema.enum !== undefined) return schema;
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, ...rest } = schema;
  const low = Math.max(
    typeof minimum === "number" ? Math.ceil(minimum) : -Infinity,
    typeof exclusiveMinimum === "number" ? Math.floor(exclusiveMinimum) + 1 : -Infinity,
  );
  const high = Math.min(
    typeof maximum === "number" ? Math.floor(maximum) : Infinity,
    typeof exclusiveMaximum === "number" ? Math.ceil(exclusiveMaximum) - 1 : Infinity,
  );
  if (!Number.isFinite(low) || !Number.isFinite(high) || high < low || high - low >= MAX_RANGE) return schema;
  delete rest.type;
  return { ...rest, enum: Array.from({ length: high - low + 1 }, (_, i) => low + i) };
}

// ---- generation ------------------------------------------------------------------------------

class Generator {
  constructor(loaded, mode) {
    this.loaded = loaded;
    this.mode = mode;
    this.grammars = new Map();
    this.queue = Promise.resolve();
    this.served = 0;
  }

  // One at a time, in arrival order: one context sequence, and 2 cores to share anyway.
  enqueue(work) {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => {});
    return run;
  }

  async grammar(format) {
    if (format === null) return undefined;
    const key = format.kind === "json" ? "json" : JSON.stringify(format.schema);
    let grammar = this.grammars.get(key);
    if (grammar === undefined) {
      try {
        grammar =
          format.kind === "json"
            ? await this.loaded.llama.getGrammarFor("json")
            : await this.loaded.llama.createGrammarForJsonSchema(format.schema);
      } catch (error) {
        throw badRequest(`the JSON schema cannot be turned into a grammar: ${error.message}`, "response_format");
      }
      if (this.grammars.size >= GRAMMAR_CACHE) this.grammars.delete(this.grammars.keys().next().value);
      this.grammars.set(key, grammar);
    }
    return grammar;
  }

  async complete(body) {
    if (!body || typeof body !== "object" || Array.isArray(body)) throw badRequest("the body must be a JSON object");
    if (body.stream === true) throw badRequest("stream is not supported by this test server", "stream");
    if (integer(body, ["n"], 1, 1, 1) !== 1) throw badRequest("n must be 1", "n");
    const history = chatHistory(body.messages);
    const maxTokens = integer(body, ["max_completion_tokens", "max_tokens"], DEFAULT_MAX_TOKENS, 1, CONTEXT_SIZE);
    const temperature = number(body, "temperature", 0, 0, 2);
    const topP = number(body, "top_p", 1, 0, 1);
    const seed = integer(body, ["seed"], 0, -(2 ** 31), 2 ** 32 - 1) >>> 0;
    const format = outputFormat(body.response_format, this.mode);
    return this.enqueue(async () => {
      const grammar = await this.grammar(format); // in the queue too: nothing native at once
      return this.generate({ history, maxTokens, temperature, topP, seed, grammar });
    });
  }

  async generate({ history, maxTokens, temperature, topP, seed, grammar }) {
    const { lib, model, sequence, name } = this.loaded;
    await sequence.clearHistory(); // every request from a clean state: the same answer each time
    const chat = new lib.LlamaChat({ contextSequence: sequence, autoDisposeSequence: false });
    try {
      const promptTokens = chat.chatWrapper
        .generateContextState({ chatHistory: history })
        .contextText.tokenize(model.tokenizer).length;
      if (promptTokens + maxTokens > CONTEXT_SIZE) {
        throw badRequest(
          `the prompt (${promptTokens} tokens) and max_tokens (${maxTokens}) exceed the context of ${CONTEXT_SIZE} tokens`,
          "messages",
        );
      }
      // Every token sampled, as llama-server counts them: those held back from the text too
      // (the grammar's closing newlines, a cut-off stop trigger).
      const before = sequence.tokenMeter.getState();
      const result = await chat.generateResponse(history, {
        maxTokens,
        temperature,
        topP: temperature > 0 ? topP : undefined,
        seed,
        grammar,
      });
      const completionTokens = lib.TokenMeter.diff(sequence.tokenMeter, before).usedOutputTokens;
      this.served += 1;
      const finish = result.metadata.stopReason === "maxTokens" ? "length" : "stop";
      // One line a completion, for a benchmark to count what a run read and wrote.
      process.stderr.write(
        `llm_server: completion prompt_tokens=${promptTokens} completion_tokens=${completionTokens} finish=${finish}\n`,
      );
      return {
        id: `chatcmpl-${process.pid}-${this.served}`,
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: name,
        system_fingerprint: `node-llama-cpp-${this.mode}`,
        choices: [
          {
            index: 0,
            message: { role: "assistant", content: result.response },
            logprobs: null,
            finish_reason: finish,
          },
        ],
        usage: {
          prompt_tokens: promptTokens,
          completion_tokens: completionTokens,
          total_tokens: promptTokens + completionTokens,
        },
      };
    } finally {
      chat.dispose({ disposeSequence: false });
    }
  }
}

// ---- HTTP ------------------------------------------------------------------------------------

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    request.on("data", (chunk) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk); // past it, read on and drop: then answer 413
    });
    request.on("end", () => {
      if (size > MAX_BODY) reject(new HttpError(413, `the body is larger than ${MAX_BODY} bytes`));
      else resolve(Buffer.concat(chunks));
    });
    request.on("error", reject);
  });
}

function send(response, status, body) {
  if (response.headersSent || response.destroyed) return;
  const payload = Buffer.from(JSON.stringify(body), "utf-8");
  response.writeHead(status, { "Content-Type": "application/json", "Content-Length": payload.length });
  response.end(payload);
}

async function route(request, response, generator) {
  const url = new URL(request.url, "http://127.0.0.1");
  const where = url.pathname.replace(/\/+$/, "");
  if (where === "/v1/models" || where === "/models") {
    if (request.method !== "GET") throw new HttpError(405, `${request.method} is not allowed here`);
    return send(response, 200, {
      object: "list",
      data: [{ id: generator.loaded.name, object: "model", created: 0, owned_by: "vaultkit-test" }],
    });
  }
  if (where === "/health") return send(response, 200, { status: "ok" });
  if (where === "/v1/chat/completions" || where === "/chat/completions") {
    if (request.method !== "POST") throw new HttpError(405, `${request.method} is not allowed here`);
    const raw = await readBody(request);
    let body;
    try {
      body = JSON.parse(raw.toString("utf-8"));
    } catch {
      throw badRequest("the body is not valid JSON");
    }
    return send(response, 200, await generator.complete(body));
  }
  throw new HttpError(404, `no route for ${request.method} ${url.pathname}`, "not_found_error");
}

function serve(generator, options) {
  const server = http.createServer((request, response) => {
    route(request, response, generator).catch((error) => {
      if (!(error instanceof HttpError)) {
        process.stderr.write(`llm_server: ${error?.stack ?? error}\n`);
        error = new HttpError(500, String(error?.message ?? error), "server_error");
      }
      send(response, error.status, errorBody(error));
    });
  });
  server.keepAliveTimeout = 5000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () => resolve(server));
  });
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const loaded = await loadModel(options);
  const generator = new Generator(loaded, options.mode);
  const server = await serve(generator, options);
  const port = server.address().port;
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    server.close();
    server.closeAllConnections?.();
    try {
      await loaded.llama.dispose();
    } finally {
      process.exit(0);
    }
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  if (options.watchStdin) {
    // The test fixture holds our stdin: when it goes (even killed), so do we.
    process.stdin.on("end", stop);
    process.stdin.on("error", stop);
    process.stdin.resume();
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(2);
  process.stdout.write(
    `READY port=${port} url=http://127.0.0.1:${port}/v1 mode=${options.mode} model=${loaded.name} load_s=${seconds}\n`,
  );
}

process.on("unhandledRejection", (error) => {
  process.stderr.write(`llm_server: unhandled ${error?.stack ?? error}\n`);
});

main().catch((error) => {
  process.stderr.write(`llm_server: ${error?.message ?? error}\n`);
  process.exit(1);
});
