"""The evidence that a rule is about the asked term, not merely mentioning it (index/aboutness.py),
read on the 4th-edition glossary's own texts."""
from __future__ import annotations

from index.aboutness import earliness, joins, opening_share, read_rule, repeated_share
from index.text import stems

# dw4 glossary, Obscured: "OBSCURED TARGETS Once it has been established that the target is Visible, the
# opposing Admiral then checks to see whether the active model's Visibility is Obscured. Visibility is
# Obscured if it is not possible to trace a straight line ..."
OBSCURED = ("OBSCURED TARGETS Once it has been established that the target is Visible, the opposing Admiral "
            "then checks to see whether the active model’s Visibility is Obscured.  Visibility is Obscured if "
            "it is not possible to trace a straight line from the Centre Point of the active model to every "
            "part of the Target model without passing through at least one other model or Terrain Feature.")
# dw4 glossary, Hydrophone Relay: the whole rule.
HYDROPHONE = ("Attack actions targeting enemy models within 10” of this model never count their Visibility as "
              "Hampered or Obscured.")
# dw4 glossary, Crippled: "CRIPPLING MODELS If the amount of Damage a model has accumulated equals or exceeds
# its Hull rating, the model is immediately Crippled. ... Any model that is not Crippled is Battle-Ready."
CRIPPLED = ("CRIPPLING MODELS If the amount of Damage a model has accumulated equals or exceeds its Hull rating, "
            "the model is immediately Crippled.  The opposing Admiral immediately scores a number of Victory "
            "Points equal to the model’s Victory Points Rating.  BATTLE-READY MODELS Any model that is not "
            "Crippled is Battle-Ready.")
# dw4 glossary, Light Vessel: the whole rule.
LIGHT_VESSEL = ("If this model becomes Crippled, it is immediately Destroyed and does not trigger a Catastrophic "
                "Explosion.")


def _asked(question: str) -> tuple[dict[str, float], dict[str, frozenset[str]]]:
    words = [s for s in stems(question) if s not in {"what", "count"}]
    return {s: 1.0 for s in words}, {s: frozenset({s}) for s in words}


def test_the_defining_rule_uses_the_term_again_the_mentioning_one_once():
    weights, variants = _asked("Obscured")
    obscured, hydrophone = read_rule("Obscured", OBSCURED), read_rule("Hydrophone Relay", HYDROPHONE)
    assert repeated_share(obscured, weights, variants) == 1.0
    assert repeated_share(hydrophone, weights, variants) == 0.0


def test_the_heading_and_first_sentence_are_the_opening():
    weights, variants = _asked("Obscured")
    # The term is Obscured's heading; Hydrophone Relay's one sentence is its opening and says it too.
    assert opening_share(read_rule("Obscured", OBSCURED), weights, variants) == 1.0
    assert opening_share(read_rule("Hydrophone Relay", HYDROPHONE), weights, variants) == 1.0
    # Crippled's first sentence ends in the term; "Battle-Ready" is said only after it.
    crippled = read_rule("Crippled", CRIPPLED)
    weights, variants = _asked("battle ready")
    assert opening_share(crippled, weights, variants) == 0.0


def test_a_term_said_at_the_end_is_late():
    weights, variants = _asked("Obscured")
    hydrophone = read_rule("Hydrophone Relay", HYDROPHONE)
    assert earliness(hydrophone, weights, variants) < 0.2  # its last word
    # Crippled opens with the term ("CRIPPLING MODELS"); Light Vessel says it third.
    crippled, light = read_rule("Crippled", CRIPPLED), read_rule("Light Vessel", LIGHT_VESSEL)
    weights, variants = _asked("crippled")
    assert earliness(crippled, weights, variants) == 1.0 > earliness(light, weights, variants)


# Two rules at once (index.aboutness.joins): the rule of one name whose text names the other.
# dw3-rulebook-ru, Статусы Деорганизации, Авария: "пока на Модель действует этот Статус, она не может пойти
# на Таран, а также Поддерживать Атаки других Моделей или получать от них Поддержку при Атаке."
AVARIA = ("пока на Модель действует этот Статус, она не может пойти на Таран, а также Поддерживать Атаки других "
          "Моделей или получать от них Поддержку при Атаке.")
# dw4 glossary, Assault: "The Initial Target of this Action cannot be an Airborne or Underwater model unless the
# unit making this Action has the same Positional Trait." (it names Airborne; Legionnaire Assault Pods only
# holds the word "Assault" in its heading)
ASSAULT = ("The Initial Target of this Action cannot be an Airborne or Underwater model unless the unit making "
           "this Action has the same Positional Trait.")


def test_a_status_that_forbids_ramming_joins_the_status_and_ramming():
    avaria, taran = tuple(stems("Авария")), tuple(stems("Таран"))
    assert joins(read_rule("Авария", AVARIA), [avaria], [avaria, taran])


def test_a_rule_naming_only_its_own_name_joins_nothing():
    avaria, taran = tuple(stems("Авария")), tuple(stems("Таран"))
    assert not joins(read_rule("Авария", AVARIA), [avaria], [avaria])
    # the text names the Ram, but this is the rule of neither name
    assert not joins(read_rule("Хаос и Смятение", AVARIA), [], [avaria, taran])


def test_a_heading_that_only_holds_a_name_is_not_that_rule():
    assault, airborne = tuple(stems("Assault")), tuple(stems("Airborne"))
    assert joins(read_rule("Assault", ASSAULT), [], [assault, airborne])  # the heading is the name
    assert not joins(read_rule("Legionnaire Assault Pods", ASSAULT), [], [assault, airborne])
