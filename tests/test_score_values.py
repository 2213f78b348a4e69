"""The values a scored hand is made of (Score, Award, TablePayment, Payment) spell out their
``__init__`` for speed (engine.py): they must stay frozen dataclasses with the same fields, order,
defaults, equality and ``replace`` as the generated ``__init__`` gave."""

from __future__ import annotations

import dataclasses

import pytest

import mjscore
from mjscore.scoring.engine import Award, Score, TablePayment, record_event
from mjscore.scoring.payments import Payment

HAND = {"concealed": "123m 456m 789p 234s 777s 9p", "win_tile": "9p", "win": "self_draw", "flowers": ["1f"]}


def test_each_value_is_a_frozen_dataclass_with_its_fields_in_order() -> None:
    expected = {
        Award: ["id", "name", "points", "count", "group", "detail", "help", "source"],
        TablePayment: ["id", "name", "count", "amount", "group", "payments", "detail"],
        Payment: ["payer", "payee", "amount"],
        Score: ["ruleset", "hand", "total", "base", "arrangement", "waits", "payments", "table_payments",
                "minimum", "uncapped_total", "counted_for_minimum", "limited", "dealer_tai",
                    "_awards", "value"],
    }
    for cls, names in expected.items():
        assert [f.name for f in dataclasses.fields(cls)] == names


def test_a_scored_hand_cannot_be_changed_but_can_be_replaced() -> None:
    result = mjscore.score(mjscore.Hand.from_dict(HAND), "lrc")
    award, payment = result.awards[0], result.payments[0]
    for value, name in ((result, "total"), (award, "count"), (payment, "amount")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, name, 0)
    assert dataclasses.replace(award, count=award.count + 1).value == award.points * (award.count + 1)
    assert dataclasses.replace(payment, amount=1) == Payment(payment.payer, payment.payee, 1)
    assert dataclasses.replace(result) == result
    assert dataclasses.replace(result, limited=True).awards == result.awards  # the same awards, still made once


def test_the_keyword_defaults_are_the_dataclass_defaults() -> None:
    result = mjscore.score(mjscore.Hand.from_dict(HAND), "lrc")
    bare = Score(result.ruleset, result.hand, result.total, result.base, result.arrangement, result.waits,
                 result.payments, result.table_payments, result.minimum, result.uncapped_total,
                 result.counted_for_minimum)
    assert bare.limited is False and bare.dealer_tai == 0
    assert bare.awards == ()  # no awards given: none made
    event = record_event(mjscore.get_ruleset("lrc"), "concealed_gong_collection", "S")
    assert event.payments == tuple(Payment(seat, "S", 5) for seat in ("E", "W", "N"))
    assert repr(event).startswith("TablePayment(id='concealed_gong_collection'")


def test_an_awards_detail_is_worked_out_only_when_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading a score's awards asks no pattern for the tiles behind them (issue 39): the counted
    rows give ids, counts and points; a detail is asked of its row's pattern when first read, once,
    and is the same as the reference path's."""
    from mjscore.scoring import engine

    hand = mjscore.Hand.from_dict(HAND)
    rules = mjscore.get_ruleset("lrc")
    result = mjscore.score(hand, rules)
    asked: list[str] = []
    prepared = engine._prepared(rules)
    for row in prepared.rows.values():
        original = row.function

        def counting(facts: object, *arguments: object, _id: str = row.id, _original: object = original) -> object:
            asked.append(_id)
            return _original(facts, *arguments)  # type: ignore[operator]

        monkeypatch.setattr(row, "function", counting)
    awards = result.awards
    assert "flower" in [a.id for a in awards]
    assert asked == []  # ids, counts, points and values without a pattern asked
    assert sum(a.value for a in awards) + result.base == result.total
    flower = result.award("flower")
    assert flower is not None and flower.detail == "1f" and asked == ["flower"]
    assert flower.detail == "1f" and asked == ["flower"]  # kept once worked out
    reference = engine.reference_score(hand, rules)
    assert [a.to_dict("zh-Hant") for a in result.awards] == [a.to_dict("zh-Hant") for a in reference.awards]
