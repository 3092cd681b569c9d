"""JSON Schemas of every response body the API sends, for the OpenAPI document.

Required keys are the ones every answer of that kind carries; the other properties
are typed where they appear (results grow new keys, so objects stay open).
tests/test_openapi_contract.py checks live answers against these schemas.
"""
from __future__ import annotations

from typing import Any

Schema = dict[str, Any]


def ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


def _nullable(kind: str) -> Schema:
    return {"type": [kind, "null"]}


STRING: Schema = {"type": "string"}
STRINGS: Schema = {"type": "array", "items": STRING}
PROBABILITY: Schema = {"type": "number", "description": "A probability, 0 to 1 (exact maths, so rounding error)."}
# Probabilities keyed by an integer written as text: "2" -> P(2), or "2" -> P(at least 2).
DISTRIBUTION: Schema = {
    "type": "object",
    "propertyNames": {"pattern": "^-?[0-9]+$"},
    "additionalProperties": PROBABILITY,
}

ERROR: Schema = {
    "type": "object",
    "required": ["error"],
    "properties": {
        "error": {
            "type": "object",
            "required": ["code", "message", "field"],
            "properties": {
                "code": {"type": "string", "examples": ["unknown_field", "out_of_range", "rate_limited"]},
                "message": {"type": "string", "description": "One line a person can act on."},
                "field": {"type": ["string", "null"], "description": "The input at fault, if one is."},
            },
        }
    },
}

CITATION: Schema = {
    "type": "object",
    "required": ["document", "edition", "section"],
    "properties": {"document": STRING, "edition": STRING, "section": STRING, "document_title": STRING},
}

HIGHLIGHT: Schema = {
    "type": ["object", "null"],
    "required": ["start", "end"],
    "description": "Character offsets of the answering sentence inside `text`.",
    "properties": {"start": {"type": "integer", "minimum": 0}, "end": {"type": "integer", "minimum": 0}},
}

PASSAGE: Schema = {
    "type": "object",
    "required": ["rank", "score", "chunk_id", "document", "document_title", "edition", "section", "text"],
    "properties": {
        "rank": {"type": "integer", "minimum": 1},
        "score": {"type": "number"},
        "chunk_id": STRING,
        "document": STRING,
        "document_title": STRING,
        "game": STRING,
        "edition": STRING,
        "edition_label": STRING,
        "language": STRING,
        "section": STRING,
        "text": STRING,
        "parts": {"type": "integer"},
        "matched_part": {"type": ["integer", "null"]},
        "highlight": HIGHLIGHT,
        "terms_en": {
            "type": "array",
            "items": {"type": "object", "required": ["term", "en"], "properties": {"term": STRING, "en": STRING}},
        },
    },
}

ANSWER: Schema = {
    "type": "object",
    "required": ["quote", "chunk_id", "document", "edition", "section"],
    "properties": {
        "quote": STRING, "chunk_id": STRING, "document": STRING, "document_title": STRING,
        "edition": STRING, "edition_label": STRING, "section": STRING,
    },
}

ASK_RESULT: Schema = {
    "type": "object",
    "required": ["question", "results", "editions_disagree"],
    "properties": {
        "question": STRING,
        "status": {"enum": ["answered", "not_found"]},
        "answer": {"anyOf": [ref("Answer"), {"type": "null"}]},
        "answers": {"type": "array", "items": ref("Answer"), "description": "The answer line per edition."},
        "suggestions": {**STRINGS, "description": "Rule names to look up when nothing answers the question."},
        "read_as": {**_nullable("string"),
                    "description": "The rule name the question was read as, when only that name (misspelt) matched."},
        "editions_disagree": _nullable("string"),
        "routed_editions": {**STRINGS, "description": "Editions the question named, which the search kept to."},
        "results": {"type": "array", "items": ref("Passage")},
    },
}

RULE_ENTRY: Schema = {
    "type": "object",
    "required": ["term", "edition", "document", "section", "text", "chunk_id"],
    "properties": {
        "term": STRING, "edition": STRING, "edition_label": STRING, "document": STRING, "document_title": STRING,
        "language": STRING, "section": STRING, "text": STRING, "chunk_id": STRING,
    },
}

RULE_RESULT: Schema = {
    "type": "object",
    "required": ["query", "status", "entries", "candidates"],
    "properties": {
        "query": STRING,
        "status": {"enum": ["found", "ambiguous", "not_found"]},
        "entries": {"type": "array", "items": ref("RuleEntry")},
        "candidates": STRINGS,
    },
}

COMPLETIONS: Schema = {
    "type": "object",
    "required": ["prefix", "terms"],
    "properties": {"prefix": STRING, "terms": {**STRINGS, "maxItems": 25}},
}

# The public face of a manifest entry: how we chunk it (format, dedupe, skip_sections) stays inside.
SOURCE_KEYS = ("id", "file", "title", "game", "edition", "edition_label", "language", "version")
SOURCES: Schema = {
    "type": "object",
    "required": ["documents"],
    "properties": {
        "documents": {
            "type": "array",
            "items": {
                "type": "object",
                "required": list(SOURCE_KEYS),
                "additionalProperties": False,
                "properties": {key: STRING for key in SOURCE_KEYS},
            },
        }
    },
}

HEALTH: Schema = {
    "type": "object",
    "required": ["status", "version"],
    "properties": {"status": {"const": "ok"}, "version": STRING},
}

# -- the referee ------------------------------------------------------------------------------

STEP: Schema = {
    "type": "object",
    "required": ["step", "detail"],
    "properties": {"step": STRING, "label": {**STRING, "description": "`step` in the answer's language."},
                   "detail": STRING, "citation": ref("Citation"), "dice": {"type": "integer"}},
}

# Keys several actions share, typed once. A key absent here is still allowed (results grow).
_REFEREE_PROPERTIES: Schema = {
    "ruleset": STRING,
    "ruleset_title": STRING,
    "mode": {"enum": ["odds", "rolled"]},
    "lang": STRING,
    "verdict": {**STRING, "description": "The result in one line."},
    "inputs": {"type": "object", "description": "The values the calculation used, after reading the free text."},
    "understood": {"type": "array", "description": "`inputs` as the player reads them, in the answer's language.",
                   "items": {"type": "object", "required": ["key", "label", "value"],
                             "properties": {"key": STRING, "label": STRING, "value": STRING}}},
    "ignored": {"type": ["array", "null"], "items": STRING,
                "description": "Words of the free-text description that were not understood."},
    "inputs_from_profiles": {"type": ["object", "array", "null"],
                             "description": "Values filled in from named unit profiles."},
    "assumptions": STRINGS,
    "notes": STRINGS,
    "citations": {"type": "array", "items": ref("Citation")},
    "steps": {"type": "array", "items": ref("Step")},
    "trace": {"type": "array"},
    "pool": {"type": "integer"},
    "defence_pool": {"type": "integer"},
    "attack_pool": {"type": "integer"},
    "expected_hits": {"type": "number"},
    "expected_counters": {"type": "number"},
    "expected_damage": {"type": "number"},
    "expected_total_damage": {"type": "number"},
    "p_damage": DISTRIBUTION,
    "p_damage_at_least": DISTRIBUTION,
    "p_total_damage": DISTRIBUTION,
    "p_total_damage_at_least": DISTRIBUTION,
    "p_net_hits": DISTRIBUTION,
    "p_margin": DISTRIBUTION,
    "p_successes": DISTRIBUTION,
    "p_target_damage": DISTRIBUTION,
    "self_damage": DISTRIBUTION,
    "p_critical": {"type": ["number", "null"]},
    "p_catastrophic": {"type": ["number", "null"]},
    "p_crippled": {"type": ["number", "null"]},
    "p_destroyed": {"type": ["number", "null"]},
    "p_rammer_destroyed": {"type": ["number", "null"]},
    "p_crew_pass": {"type": ["number", "null"], "description": "Ram (dw4): chance the Crew Check passes."},
    "p_result": {"type": "object", "additionalProperties": PROBABILITY,
                 "description": "Assault: chance of each row of the results table."},
    "result_labels": {"type": "object", "additionalProperties": STRING},
    "truncation_error_bound": {"type": "number", "minimum": 0},
    "hits": {"type": "integer"},
    "counters": {"type": "integer"},
    "net_hits": {"type": "integer"},
    "damage": {"type": "integer"},
    "total_damage": {"type": "integer"},
    "critical": {"type": "integer"},
    "catastrophic": {"type": "integer"},
    "destroyed": {"type": ["boolean", "null"]},
    "result": STRING,
    "result_label": STRING,
}


def referee_result(action: str) -> Schema:
    """The body `POST /v1/{action}` answers with: the verdict, the odds or the rolled result."""
    return {
        "type": "object",
        "required": ["action", "ruleset", "mode", "verdict", "assumptions", "notes", "citations"],
        "properties": {"action": {"const": action}, **_REFEREE_PROPERTIES},
    }


# -- unit profiles ------------------------------------------------------------------------------

_BAND_VALUES: Schema = {
    "type": "object",
    "properties": {"lead": {"type": ["integer", "null"]}, "support": {"type": ["integer", "null"]}},
}
_BAND: Schema = {"type": ["object", "null"], "properties": {"battle_ready": _BAND_VALUES, "crippled": _BAND_VALUES}}

UNIT: Schema = {
    "type": "object",
    "required": ["name", "faction", "stats", "weapons", "rules"],
    "properties": {
        "name": STRING,
        "faction": _nullable("string"),
        "source": _nullable("string"),
        "version": _nullable("string"),
        "stats": {
            "type": "object",
            "properties": {"battle_ready": {"type": "object"}, "crippled": {"type": ["object", "null"]}},
        },
        "weapons": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["name"],
                "properties": {
                    "name": STRING,
                    "arc": _nullable("string"),
                    "qualities": {"type": ["array", "string", "null"]},
                    "bands": {"type": "object", "properties": {b: _BAND for b in ("point_blank", "closing", "long")}},
                },
            },
        },
        "rules": {
            "type": "array",
            "items": {"type": "object", "required": ["name"], "properties": {"name": STRING, "text": STRING}},
        },
    },
}

UNIT_RESULT: Schema = {
    "type": "object",
    "required": ["query", "status", "candidates", "units"],
    "properties": {
        "query": STRING,
        "status": STRING,
        "candidates": STRINGS,
        "units": {"type": "array", "items": ref("Unit")},
    },
}

UNIT_NAMES: Schema = {
    "type": "object",
    "description": "Unit names starting with the prefix.",
    "properties": {"prefix": STRING, "names": STRINGS, "units": STRINGS},
}

FLEET: Schema = {
    "type": "object",
    "description": "An imported roster: its ships with models, points, weapons (mounts, arcs) and rule names.",
    "required": ["name", "edition", "ships"],
    "properties": {
        "name": STRING, "file": STRING, "edition": STRING, "edition_label": STRING,
        "points": {"type": ["number", "null"]},
        "ships": {"type": "array", "items": {"type": "object", "required": ["name", "weapons"], "properties": {
            "name": STRING, "faction": _nullable("string"), "models": {"type": "integer"},
            "points": {"type": ["number", "null"]},
            "weapons": {"type": "array", "items": {"type": "object"}}, "rules": STRINGS}}},
    },
}

FLEET_VS: Schema = {
    "type": "object",
    "description": "Every ship × weapon × range band of the fleet against one target, with exact odds.",
    "required": ["fleet", "target", "rows", "citations"],
    "properties": {
        "fleet": STRING, "edition": STRING, "ruleset": STRING, "ruleset_title": _nullable("string"),
        "target": STRING, "lang": STRING, "notes": STRINGS,
        "rows": {"type": "array", "items": {"type": "object", "required": ["ship", "weapon", "mounts", "band"],
                                            "properties": {
                                                "ship": STRING, "weapon": STRING, "mounts": {"type": "integer"},
                                                "band": STRING, "range": STRING,
                                                "dice": {"type": "integer"},
                                                "expected_damage": {"type": "number"},
                                                "p_damage": {"type": "number"},
                                                "p_crippled": {"type": ["number", "null"]},
                                                "p_destroyed": {"type": ["number", "null"]},
                                                "cannot": STRING}}},
        "citations": {"type": "array", "items": ref("Citation")},
    },
}

COMPONENTS: dict[str, Schema] = {
    "Error": ERROR,
    "Citation": CITATION,
    "Step": STEP,
    "Passage": PASSAGE,
    "Answer": ANSWER,
    "AskResult": ASK_RESULT,
    "RuleEntry": RULE_ENTRY,
    "RuleResult": RULE_RESULT,
    "Completions": COMPLETIONS,
    "Sources": SOURCES,
    "Health": HEALTH,
    "Unit": UNIT,
    "UnitResult": UNIT_RESULT,
    "UnitNames": UNIT_NAMES,
    "Fleet": FLEET,
    "FleetVs": FLEET_VS,
}
