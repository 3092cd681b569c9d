"""The OpenAPI 3.1 description of the API, generated from the same specs that validate requests
and from the route table the server is built from (`bot.http.app.ROUTES`).

Request schemas come from the `ParamSpec` lists through one complete `Kind` → JSON Schema
mapping (`KIND_SCHEMAS`), with the limits the server enforces; response schemas live in
`bot.http.schemas`. tests/test_openapi_contract.py and the schemathesis run hold the
server to this document.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.http import schemas, specs
from bot.http.ratelimit import DEFAULT_BURST, DEFAULT_RATE_PER_MINUTE
from bot.http.routes import DocContext, Operation, Route, Schema
from bot.service import Kind, ParamSpec, referee_actions, show_params

# Characters the server refuses in text (control characters other than tab, CR and LF; see
# core.params.check_text), and a pattern for "at least one visible character, none of those".
_CONTROL = r"\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f"
TEXT_PATTERN = rf"^[^{_CONTROL}]*[^\s{_CONTROL}][^{_CONTROL}]*$"


def _text(spec: ParamSpec) -> Schema:
    # Leading/trailing spaces are stripped before the emptiness check: demand a visible character.
    return {"type": "string", "minLength": 1, "maxLength": spec.max_length, "pattern": TEXT_PATTERN}


def _number(kind: str) -> Callable[[ParamSpec], Schema]:
    def schema(spec: ParamSpec) -> Schema:
        out: Schema = {"type": kind}
        if spec.minimum is not None:
            out["minimum"] = int(spec.minimum) if kind == "integer" else spec.minimum
        if spec.maximum is not None:
            out["maximum"] = int(spec.maximum) if kind == "integer" else spec.maximum
        return out

    return schema


def _list_of(item: Callable[[ParamSpec], Schema]) -> Callable[[ParamSpec], Schema]:
    def schema(spec: ParamSpec) -> Schema:
        one = item(spec)
        many = {"type": "array", "items": one, "maxItems": spec.max_items}
        return {"anyOf": [many, one]}  # a single value is also accepted

    return schema


def _faces(spec: ParamSpec) -> Schema:
    # Faces as numbers 1-6 or names/symbols, or all of them in one text ("1 1 2, heavy").
    face = {"anyOf": [{"type": "integer", "minimum": 1, "maximum": 6}, _text(spec)]}  # one die
    whole = {"type": "string", "minLength": 1, "maxLength": spec.max_items * 16, "pattern": TEXT_PATTERN}
    one = {"type": "integer", "minimum": 1, "maximum": 6}
    return {"anyOf": [{"type": "array", "items": face, "maxItems": spec.max_items}, whole, one]}


# One complete mapping from a spec's Kind to its JSON Schema (the server enforces the same limits).
KIND_SCHEMAS: dict[Kind, Callable[[ParamSpec], Schema]] = {
    Kind.INT: _number("integer"),
    Kind.FLOAT: _number("number"),
    Kind.BOOL: lambda spec: {"type": "boolean"},
    Kind.TEXT: _text,
    Kind.CHOICE: lambda spec: {"type": "string", "enum": list(spec.choices)},
    Kind.INTS: _list_of(_number("integer")),
    Kind.TEXTS: _list_of(_text),
    Kind.FACES: _faces,
}


def _or_null(schema: Schema) -> Schema:
    """The same schema, also accepting JSON null (the server reads null as "not given")."""
    if "anyOf" in schema:
        return {**schema, "anyOf": [*schema["anyOf"], {"type": "null"}]}
    out = dict(schema)
    out["type"] = [schema["type"], "null"]
    if "enum" in out:
        out["enum"] = [*out["enum"], None]
    return out


def property_schema(spec: ParamSpec, *, nullable: bool = False) -> Schema:
    """JSON Schema for one parameter spec (with `nullable`, null is accepted as "absent")."""
    schema = KIND_SCHEMAS[spec.kind](spec)
    if nullable and not spec.required:
        schema = _or_null(schema)
    schema["description"] = show_params(spec.help, "api")
    if spec.rulesets:  # the web page shows only the chosen ruleset's fields
        schema["x-rulesets"] = list(spec.rulesets)
    return schema


def object_schema(field_specs: Sequence[ParamSpec]) -> Schema:
    schema: Schema = {
        "type": "object",
        "additionalProperties": False,
        "properties": {spec.name: property_schema(spec, nullable=True) for spec in field_specs},
    }
    required = [spec.name for spec in field_specs if spec.required]
    if required:
        schema["required"] = required
    return schema


def query_parameters(field_specs: Sequence[ParamSpec], choices: dict[str, list[str]] | None = None) -> list[Schema]:
    params = []
    for spec in field_specs:
        schema = property_schema(spec)
        if choices and spec.name in choices:
            schema = {"type": "string", "enum": choices[spec.name], "description": schema["description"]}
        params.append({"name": spec.name, "in": "query", "required": spec.required, "schema": schema})
    return params


def filter_choices() -> dict[str, list[str]]:
    """Every value the `game`, `edition` and `lang` filters accept: the manifest's ids and their aliases."""
    from index.manifest import corpus_names, load_manifest

    docs = load_manifest()
    names = corpus_names()
    editions = {doc.edition for doc in docs}
    games = {doc.game for doc in docs}
    languages = {doc.language for doc in docs}
    return {
        "edition": sorted(editions | {alias for alias, target in names.edition_aliases.items() if target in editions}),
        "game": sorted(games | {alias for alias, target in names.game_aliases.items() if target in games}),
        "lang": sorted(languages | {name for name, code in {"english": "en", "russian": "ru"}.items()
                                    if code in languages}),
    }


def _with_choices(schema: Schema, choices: dict[str, list[str]]) -> Schema:
    properties = dict(schema["properties"])
    for name, values in choices.items():
        if name in properties:
            properties[name] = {"type": ["string", "null"], "enum": [*values, None],
                                "description": properties[name]["description"]}
    return {**schema, "properties": properties}


# -- responses ----------------------------------------------------------------------------

_ERROR_CONTENT = {"content": {"application/json": {"schema": schemas.ref("Error")}}}
_RETRY_AFTER = {"Retry-After": {"description": "Seconds to wait before asking again.",
                                "schema": {"type": "integer", "minimum": 1}}}


def _responses(ok_description: str, ok_schema: Schema, *, body: bool = False, expensive: bool = False,
               limited: tuple[float, int] | None = None, unprocessable: bool = False) -> Schema:
    """Every status the endpoint can answer with; each error has the one Error shape."""
    out: Schema = {
        "200": {"description": ok_description, "content": {"application/json": {"schema": ok_schema}}},
        "400": {"description": "Invalid input (wrong type, out of range, unknown field…); `field` names it.",
                **_ERROR_CONTENT},
        "401": {"description": "Missing or wrong API key (only when the server is started with one).",
                **_ERROR_CONTENT},
        "405": {"description": "Method not allowed on this path (the `Allow` header lists the right one).",
                **_ERROR_CONTENT},
    }
    if body:
        out["413"] = {"description": "Body larger than 16 KiB.", **_ERROR_CONTENT}
        out["415"] = {"description": "Body is not application/json in UTF-8.", **_ERROR_CONTENT}
    if unprocessable or expensive:
        out["422"] = {"description": "Well-formed input the rules cannot resolve (a value the chosen ruleset "
                      "needs is missing, values contradict each other)"
                      + (", or too expensive to compute exactly in the time limit." if expensive else "."),
                      **_ERROR_CONTENT}
    if limited and limited[0] > 0:
        out["429"] = {"description": f"Rate limited: {limited[0]:g} questions a minute per client "
                      f"(API key, else address), bursts of {limited[1]}.",
                      "headers": _RETRY_AFTER, **_ERROR_CONTENT}
    out["500"] = {"description": "A bug (logged on the server, never shown).", **_ERROR_CONTENT}
    out["503"] = {"description": "The index is not built or cannot be loaded; retry later.", **_ERROR_CONTENT}
    return out


def _json_body(schema: Schema) -> Schema:
    return {"required": True, "content": {"application/json": {"schema": schema}}}


ACCEPT_LANGUAGE = {
    "name": "Accept-Language", "in": "header", "required": False,
    "description": "The player's language when the body has no `lang`: the first of en, ru by q-value "
                   "(e.g. `ru-RU,ru;q=0.9`). Verdict, notes, assumptions and errors follow it.",
    "schema": {"type": "string"},
}


def referee_operation(action: str, summary: str) -> Operation:
    """The POST /v1/<action> operation of one referee action."""
    def operation(ctx: DocContext) -> Schema:
        return {
            "tags": ["referee"],
            "summary": summary,
            "description": "Fields are the CLI flags with dashes as underscores, or a free-text "
            f"`description`. Returns the same JSON as `admiralty {action} --json`.",
            "parameters": [ACCEPT_LANGUAGE],
            "requestBody": _json_body(object_schema(specs.referee_specs(action))),
            "responses": _responses("The understood inputs, the verdict and the odds (or the rolled result).",
                                    schemas.ref(f"{action.capitalize()}Result"), body=True, expensive=True),
        }

    return operation


def health_operation(ctx: DocContext) -> Schema:
    return {
        "summary": "Liveness check.",
        "responses": {"200": {"description": "Up.", "content": {"application/json": {
            "schema": schemas.ref("Health")}}}},
    }


def ask_operation(ctx: DocContext) -> Schema:
    return {
        "tags": ["rules"],
        "summary": "Search the rules: the answer line first, then cited passages.",
        "requestBody": _json_body(_with_choices(object_schema(specs.ASK), ctx.choices)),
        "responses": _responses("The answer and ranked, cited passages.", schemas.ref("AskResult"),
                                body=True, limited=(ctx.ask_rate_per_minute, ctx.ask_burst)),
    }


def rule_operation(ctx: DocContext) -> Schema:
    return {
        "tags": ["rules"],
        "summary": "Look up one rule or keyword by name, in every edition that defines it.",
        "parameters": query_parameters(specs.RULE, ctx.choices),
        "responses": _responses("The matching entries, per edition.", schemas.ref("RuleResult")),
    }


def complete_operation(ctx: DocContext) -> Schema:
    return {
        "tags": ["rules"],
        "summary": "Rule and keyword names starting with a prefix (autocomplete).",
        "parameters": query_parameters(specs.COMPLETE),
        "responses": _responses("Matching names.", schemas.ref("Completions")),
    }


def sources_operation(ctx: DocContext) -> Schema:
    return {
        "tags": ["rules"],
        "summary": "The documents the answers come from, with editions and versions.",
        "responses": _responses("The documents.", schemas.ref("Sources")),
    }


def unit_operation(ctx: DocContext) -> Schema:
    from units.params import UNIT_QUERY_PARAMS

    return {
        "tags": ["units"],
        "summary": "A unit's profile: stats, weapons per range band, special rules.",
        "parameters": query_parameters(UNIT_QUERY_PARAMS),
        "responses": _responses("The matching units (or candidates when the name is ambiguous).",
                                schemas.ref("UnitResult")),
    }


def units_operation(ctx: DocContext) -> Schema:
    from units.params import UNITS_QUERY_PARAMS

    return {
        "tags": ["units"],
        "summary": "Unit names starting with a prefix (autocomplete).",
        "parameters": query_parameters(UNITS_QUERY_PARAMS),
        "responses": _responses("Matching unit names.", schemas.ref("UnitNames")),
    }


_NOT_FOUND: Schema = {"description": "No fleet imported (or none of that name), or no unit of that name.",
                      **_ERROR_CONTENT}


def fleet_operation(ctx: DocContext) -> Schema:
    from units.params import FLEET_QUERY_PARAMS

    return {
        "tags": ["units"],
        "summary": "The imported fleet (a BattleScribe/New Recruit roster): ships, weapons, points, rules.",
        "parameters": query_parameters(FLEET_QUERY_PARAMS),
        "responses": {**_responses("The fleet (import one with `admiralty fleet import ROSTER.rosz`).",
                                   schemas.ref("Fleet")), "404": _NOT_FOUND},
    }


def fleet_vs_operation(ctx: DocContext) -> Schema:
    return {
        "tags": ["units"],
        "summary": "What the fleet can do to one target: every ship × weapon × range band, exact odds.",
        "description": "Returns the same JSON as `admiralty fleet vs TARGET --json`.",
        "requestBody": _json_body(object_schema(specs.fleet_vs_specs())),
        "responses": {**_responses("One row per ship, weapon and band.", schemas.ref("FleetVs"), body=True,
                                   unprocessable=True), "404": _NOT_FOUND},
    }


def build_openapi(version: str, routes: Sequence[Route], secured: bool = False,
                  ask_rate_per_minute: float = DEFAULT_RATE_PER_MINUTE, ask_burst: int = DEFAULT_BURST) -> Schema:
    """The document of the routes that have an operation (`bot.http.app.ROUTES`: what the server serves);
    with `secured`, every /v1 operation requires the bearer key."""
    ctx = DocContext(filter_choices(), ask_rate_per_minute, ask_burst)
    paths: Schema = {}
    for route in routes:
        if route.operation is not None:
            paths.setdefault(route.path, {})[route.method.lower()] = route.operation(ctx)
    if secured:
        for path, operations in paths.items():
            if path.startswith("/v1/"):
                for operation in operations.values():
                    operation["security"] = [{"bearer": []}]
    components = dict(schemas.COMPONENTS)
    for action in referee_actions():
        components[f"{action.capitalize()}Result"] = schemas.referee_result(action)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Admiralty",
            "version": version,
            "description": "Rules lookup and referee assistant for tabletop naval wargaming. "
            + (f"`POST /v1/ask` is rate limited per client ({ask_rate_per_minute:g} a minute, bursts of "
               f"{ask_burst}; 429 with Retry-After beyond that). " if ask_rate_per_minute > 0 else "")
            + 'Every error has the shape `{"error": {"code", "message", "field"}}`.',
        },
        "paths": paths,
        "components": {
            "schemas": components,
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
        },
    }
