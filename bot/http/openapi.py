"""The OpenAPI 3.1 description of the API, generated from the same specs that validate requests."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.http import specs
from bot.http.validation import MAX_ITEM_LENGTH, MAX_LIST_ITEMS, is_list, is_required, kind_of, max_length_of
from bot.service import REFEREE_ACTIONS

_ERROR_SCHEMA = {
    "type": "object",
    "required": ["error"],
    "properties": {
        "error": {
            "type": "object",
            "required": ["code", "message", "field"],
            "properties": {
                "code": {"type": "string", "examples": ["unknown_field", "out_of_range"]},
                "message": {"type": "string"},
                "field": {"type": ["string", "null"], "description": "The input at fault, if one is."},
            },
        }
    },
}

_PASSAGE = {
    "type": "object",
    "properties": {
        name: {"type": kind}
        for name, kind in [
            ("rank", "integer"), ("score", "number"), ("chunk_id", "string"), ("document", "string"),
            ("document_title", "string"), ("game", "string"), ("edition", "string"),
            ("language", "string"), ("section", "string"), ("text", "string"),
        ]
    },
}

_ASK_RESULT = {
    "type": "object",
    "properties": {
        "question": {"type": "string"},
        "results": {"type": "array", "items": _PASSAGE},
        "editions_disagree": {"type": ["string", "null"]},
    },
}

_RULE_RESULT = {
    "type": "object",
    "properties": {
        "query": {"type": "string"},
        "status": {"enum": ["found", "ambiguous", "not_found"]},
        "entries": {"type": "array", "items": {"type": "object"}},
        "candidates": {"type": "array", "items": {"type": "string"}},
    },
}


def property_schema(spec: Any) -> dict[str, Any]:
    """JSON Schema for one parameter spec (a FieldSpec or a referee ParamSpec)."""
    kind = kind_of(spec)
    schema: dict[str, Any] = {"type": kind, "description": str(getattr(spec, "help", "") or "")}
    if getattr(spec, "minimum", None) is not None:
        schema["minimum"] = spec.minimum
    if getattr(spec, "maximum", None) is not None:
        schema["maximum"] = spec.maximum
    if kind == "string":
        schema["maxLength"] = max_length_of(spec)
        if getattr(spec, "choices", None):
            schema["enum"] = [str(choice) for choice in spec.choices]
    if is_list(spec):
        item = {k: v for k, v in schema.items() if k != "description"}
        if kind == "integer":  # die faces may be named, and "1,3,6" is accepted
            item["type"] = ["integer", "string"]
            item["maxLength"] = MAX_ITEM_LENGTH
        schema = {
            "type": "array",
            "items": item,
            "maxItems": MAX_LIST_ITEMS,
            "description": schema["description"] + " (a list; a single value is also accepted)",
        }
    return schema


def object_schema(field_specs: Sequence[Any]) -> dict[str, Any]:
    schema: dict[str, Any] = {
        "type": "object",
        "additionalProperties": False,
        "properties": {spec.name: property_schema(spec) for spec in field_specs},
    }
    required = [spec.name for spec in field_specs if is_required(spec)]
    if required:
        schema["required"] = required
    return schema


def query_parameters(field_specs: Sequence[Any]) -> list[dict[str, Any]]:
    return [
        {"name": spec.name, "in": "query", "required": is_required(spec), "schema": property_schema(spec)}
        for spec in field_specs
    ]


def _responses(ok_description: str, ok_schema: dict[str, Any]) -> dict[str, Any]:
    error = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
    return {
        "200": {"description": ok_description, "content": {"application/json": {"schema": ok_schema}}},
        "400": {"description": "Invalid input; `field` names it.", **error},
        "401": {"description": "Missing or wrong API key (only when one is configured).", **error},
        "413": {"description": "Body too large.", **error},
        "415": {"description": "Body is not application/json.", **error},
        "503": {"description": "The index is not built or cannot be loaded.", **error},
    }


def _json_body(schema: dict[str, Any]) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": schema}}}


def _referee_paths() -> dict[str, Any]:
    paths: dict[str, Any] = {}
    for action in REFEREE_ACTIONS:
        try:
            action_specs = specs.referee_specs(action)
        except (ImportError, KeyError):  # the referee is not installed: describe nothing false
            continue
        paths[f"/v1/{action}"] = {
            "post": {
                "summary": f"Resolve a{'n' if action[0] in 'aeiou' else ''} {action}: verdict and odds.",
                "description": "Fields are the CLI flags with dashes as underscores, or a free-text "
                "`description`. Returns the same JSON as `admiralty "
                f"{action} --json`.",
                "requestBody": _json_body(object_schema(action_specs)),
                "responses": _responses("The verdict and the damage odds.", {"type": "object"}),
            }
        }
    return paths


def build_openapi(version: str, secured: bool = False) -> dict[str, Any]:
    """The document; with `secured`, every /v1 operation requires the bearer key."""
    paths: dict[str, Any] = {
        "/health": {"get": {"summary": "Liveness check.", "responses": {"200": {"description": "Up."}}}},
        "/v1/ask": {
            "post": {
                "summary": "Search the rules; every passage cites document, edition and section.",
                "requestBody": _json_body(object_schema(specs.ASK)),
                "responses": _responses("Ranked, cited passages.", _ASK_RESULT),
            }
        },
        "/v1/rule": {
            "get": {
                "summary": "Look up one rule or keyword by name.",
                "parameters": query_parameters(specs.RULE),
                "responses": _responses("The matching entries, per edition.", _RULE_RESULT),
            }
        },
        "/v1/complete": {
            "get": {
                "summary": "Rule and keyword names starting with a prefix (autocomplete).",
                "parameters": query_parameters(specs.COMPLETE),
                "responses": _responses(
                    "Matching names.",
                    {"type": "object", "properties": {"prefix": {"type": "string"},
                                                      "terms": {"type": "array", "items": {"type": "string"}}}},
                ),
            }
        },
        "/v1/sources": {
            "get": {
                "summary": "The documents the answers come from, with editions and versions.",
                "responses": _responses("The documents.", {"type": "object"}),
            }
        },
        **_referee_paths(),
    }
    if secured:
        for path, operations in paths.items():
            if path.startswith("/v1/"):
                for operation in operations.values():
                    operation["security"] = [{"bearer": []}]
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Admiralty",
            "version": version,
            "description": "Rules lookup and referee assistant for tabletop naval wargaming.",
        },
        "paths": paths,
        "components": {
            "schemas": {"Error": _ERROR_SCHEMA},
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
        },
    }
