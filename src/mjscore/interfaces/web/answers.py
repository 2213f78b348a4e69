"""The shapes of the HTTP API's answers, for the OpenAPI schema (``/api/openapi.json``) and for
FastAPI to check every answer against before it is sent.

The library writes its JSON with ``to_dict`` methods (:meth:`mjscore.Score.to_dict`,
:func:`mjscore.scorekeeper.exchange.view_to_dict`...); these models say what those write. They forbid
keys they do not name, so a key added to a ``to_dict`` and not here fails the API tests instead of
being dropped from the answer unseen, except the answers other work is adding to now (the score's
sheet, the table's live and correction fields): :class:`Open` answers pass further keys through, as
sent, until they are named here. Routes whose JSON leaves keys out (a payment's ``money`` when
the table has no stake) are served with ``response_model_exclude_unset=True``: an absent key stays
absent rather than turning into ``null``.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from starlette.responses import Response

from mjscore.record import HandRecord, MeldRecord

Seat = Literal["E", "S", "W", "N"]


class Answer(BaseModel):
    """An answer of the API: only the keys it names."""

    model_config = ConfigDict(extra="forbid")


class Open(Answer):
    """An answer whose further keys pass through as sent (``additionalProperties`` in the schema)."""

    model_config = ConfigDict(extra="allow")


class Names(Answer):
    """A name in English, Simplified and Traditional Chinese, and in Japanese where it has its own
    (riichi's; a name without one is said in Japanese by its Traditional Chinese)."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    en: str
    zh_hans: str = Field(alias="zh-Hans")
    zh_hant: str = Field(alias="zh-Hant")
    ja: str | None = None


# --------------------------------------------------------------------------------------------------
# Scoring


class Payment(Answer):
    """One payment of a hand: ``payer`` pays ``payee`` ``amount`` points (seat winds)."""

    payer: Seat
    payee: Seat
    amount: int
    money: str | None = Field(None, description="Its money (a decimal string), when the table has set a stake; "
                                                "absent otherwise.")


class AwardLine(Answer):
    """One award of a scored hand."""

    id: str
    name: str = Field(description="In the language asked for.")
    names: Names
    points: int = Field(description="Points each time it counts.")
    count: int
    value: int = Field(description="points x count.")
    group: str | None
    reason: str = Field(description="Why this hand earns it: the tiles behind it, else the award's help text.")
    help: str
    source: str = Field(description="The row of the ruleset's source table it comes from.")


class TablePaymentLine(Answer):
    """A payment settled at the table, not added to the hand (a gong, a flower set...)."""

    id: str
    name: str
    names: Names
    count: int
    amount_each: int
    reason: str
    payments: list[Payment]


class RulesetOfScore(Answer):
    """The ruleset a hand was scored under, with the house rules applied."""

    id: str
    name: str
    version: str
    unit: str = Field(description="What a point is called: points, fan, tai.")
    stake: str = Field(description="Money a point is worth (a decimal string).")
    base_money: str = Field(description="Money each payment carries on top (底).")
    overrides: list[str] = Field(description="The house rules applied, one line each.")


class Base(Answer):
    """The hand's base points (the ruleset's base, e.g. LRC's Base Point)."""

    points: int
    name: str


class Group(Answer):
    """A set (or pair, or the whole of a special hand) of the arrangement used, to draw as tiles."""

    kind: str
    tiles: list[str]
    declared: bool
    concealed: bool
    winning: bool = Field(description="The set the winning tile completed.")


class ScoreAnswer(Open):
    """A scored hand: ``POST /api/score``. Further keys (the score sheet) pass through as sent."""

    ruleset: RulesetOfScore
    total: int
    base: Base
    awards: list[AwardLine]
    arrangement: str | None = Field(description="The arrangement used, in notation.")
    arrangement_shape: str | None
    win_role: str | None = Field(description="How the winning tile completed its set (e.g. edge, closed, pair).")
    waits: list[str] = Field(description="The tiles the hand waited on.")
    payments: list[Payment] = Field(description="Who pays whom (none for a hand below the minimum).")
    table_payments: list[TablePaymentLine]
    limit: int | None
    limited: bool = Field(description="The limit cut the total down.")
    uncapped_total: int
    dealer_tai: int = Field(description="What each payment involving the dealer carries on top of the total "
                                        "(the Taiwan table's 莊家 and 連莊, ruling 55); 0 elsewhere.")
    minimum: int | None
    counted_for_minimum: int
    not_counted_for_minimum: list[str]
    legal: bool = Field(description="The total meets the minimum to win.")
    shortfall: int
    hand: HandRecord = Field(description="The hand record as scored.")
    groups: list[Group]


class AwardCount(Answer):
    """An award in a batch line: its id and points, without names."""

    id: str
    points: int
    count: int
    value: int


class BatchLine(Answer):
    """One hand of a batch: its compact score, or the error that stopped it."""

    index: int
    error: str | None = Field(None, description="What is wrong with this record (then nothing else is given).")
    ruleset: str | None = None
    total: int | None = None
    legal: bool | None = None
    awards: list[AwardCount] | None = None
    payments: list[Payment] | None = None


class WaitScore(Answer):
    """The score a win on a waited tile makes."""

    total: int
    legal: bool
    awards: list[AwardLine]


class WaitLine(Answer):
    tile: str
    score: WaitScore | None = Field(description="The score a win on it makes; null where that win cannot happen.")


class WaitsAnswer(Answer):
    """``POST /api/waits``."""

    waits: list[WaitLine]


class NotationAnswer(Answer):
    """The hand record fields the notation box fills."""

    concealed: str
    melds: list[MeldRecord]
    flowers: list[str]
    win_tile: str | None


class RulesetAward(Answer):
    """One award of a ruleset's table."""

    id: str
    points: int
    group: str | None
    name: str
    names: Names
    help: str
    enabled: bool
    source: str = Field(description="The source row it comes from, as the ruleset file writes it (English).")
    source_note: str = Field(description="The source row in the language asked for (as written where none is given).")
    group_name: str | None = Field(description="Its exclusive group's name in the language asked for.")
    dealer_payments_only: bool
    open_points: int | None = Field(description=(
        "Its value in an open hand (riichi's han when a set is declared): null, the same as points; 0, closed only."))
    limit_hand: bool = Field(description="A limit hand (riichi's yakuman): its points count limits, not han.")


class RulesetTablePayment(Answer):
    """One table payment of a ruleset's table."""

    id: str
    amount_each: int
    group: str | None
    name: str
    names: Names
    help: str
    enabled: bool
    direction: str
    event: bool = Field(description="Recorded when it happens, not found in a hand.")
    source: str
    source_note: str
    group_name: str | None


class RulesetTable(Answer):
    """One ruleset's award table and settings: ``GET /api/rulesets/{id}``."""

    id: str
    name: str
    version: str
    version_name: str = Field(description="The version in the language asked for.")
    unit: str
    hand_size: int
    base: int
    base_name: str
    limit: int | None
    stake: str
    base_money: str
    minimum: dict[str, int] | None = Field(description="The minimum to win by round wind (null: none).")
    overrides: list[str]
    limit_hand_name: str | None = Field(description=(
        "Under a ruleset valued by han and fu (riichi): what a limit hand is called (Yakuman, 役満); else null."))
    awards: list[RulesetAward]
    table_payments: list[RulesetTablePayment]


# --------------------------------------------------------------------------------------------------
# Analysis


class Useful(Answer):
    """A tile that brings the hand closer to ready."""

    tile: str
    unseen: int = Field(description="Copies not seen on the table.")


class WinScore(Answer):
    """The total of a win on a wait, and whether it meets the minimum."""

    total: int
    legal: bool


class WaitWays(Answer):
    """A wait's score on a discard and self-drawn (null where that win cannot be made)."""

    discard: WinScore | None
    self_draw: WinScore | None


class AnalysisWait(Answer):
    """A tile a ready hand waits on."""

    tile: str
    unseen: int
    score: WaitWays


class DiscardLine(Answer):
    """One row of the discard table: what discarding this tile leaves."""

    tile: str
    shanten: int
    useful: list[Useful]
    unseen: int
    waits: list[AnalysisWait]
    expected_score: float


class AnalysisAnswer(Answer):
    """``POST /api/analyse``."""

    ruleset: str
    shanten: int = Field(description="0: ready; -1: complete.")
    useful: list[Useful]
    unseen: int
    waits: list[AnalysisWait]
    discards: list[DiscardLine] | None = Field(None, description="After a draw only: the discard table.")


# --------------------------------------------------------------------------------------------------
# Tables


class Deal(Open):
    """The deal now: round wind, dealer, streak, hands played."""

    round: Seat
    dealer: str
    streak: int
    hands: int
    over: bool = Field(description="The game is over.")
    minimum: int | None


class Balance(Open):
    """A player's balance in points and money."""

    player: str
    seat: Seat
    points: int
    money: str


class PinnedAward(Answer):
    """An award of a recorded hand, as it was scored."""

    id: str
    name: str
    points: int
    count: int
    value: int


class PinnedScore(Answer):
    """A recorded hand's score, pinned when it was recorded."""

    total: int
    unit: str
    base: int
    win: str
    awards: list[PinnedAward]


class StepPayment(Answer):
    """A table payment of a history entry."""

    id: str
    name: str
    count: int


class Transfer(Answer):
    """Points (and money) one player paid another in an entry (a payee of null: the table, which keeps
    a points game's riichi sticks left at its end where its rules say they are lost)."""

    payer: str
    payee: str | None
    points: int
    money: str
    reason: str


class ScoredUnder(Answer):
    """The ruleset version, house rules and engine an entry was scored under."""

    ruleset: str
    version: str
    overrides: dict[str, Any]
    engine: str


class Recorded(Answer):
    """When, by whom and how an entry was recorded."""

    version: int
    at: str
    by: str
    action: str
    request_id: str | None = Field(None, description="The request id the change was sent with, if any: a phone "
                                                      "knows its own change by it.")


class HistoryStep(Open):
    """One entry of the history, as it was settled."""

    number: int
    round: Seat
    dealer: str
    streak: int
    summary: str
    score: PinnedScore | None
    table_payments: list[StepPayment]
    transfers: list[Transfer]
    points: list[int] = Field(description="Each player's balance after it.")
    money: list[str]
    scored_under: ScoredUnder | None
    recorded: Recorded | None
    problem: str | None


class Entry(Open):
    """An entry as recorded: a win (with its hand record), a draw, a table payment event, or a riichi."""

    kind: Literal["win", "draw", "event", "riichi"]
    winner: str | None = None
    discarder: str | None = None
    hand: dict[str, Any] | None = Field(None, description="The hand record of a win (docs/hand-format.md).")
    event: str | None = None
    player: str | None = None
    count: int | None = None
    tenpai: list[str] | None = Field(None, description="A drawn hand of a points game: the players tenpai.")
    abortive: bool | None = Field(None, description="A drawn hand of a points game called off before the wall ran out.")


class GameState(Answer):
    """Where a points game (riichi's) stands: the start and return, the counters (honba), each
    player's sticks on the table and points in play, who declared riichi in the hand being played,
    the uma by place and the oka. At the game's end the balances are the final scores."""

    start: int
    target: int
    honba: int
    sticks: list[int]
    riichi: list[str]
    points: list[int]
    uma: list[int]
    oka: int
    abortive_draws: bool = Field(description="The game has abortive draws.")


class HistoryPage(Answer):
    """The entries a table's answer lists when they are a part of its history (none: last < first)."""

    first: int
    last: int


class TableAnswer(Open):
    """A table: its settings, entries, the deal now, balances and history; also its JSON export."""

    format: str
    id: int
    version: int
    head: str
    created_at: str
    replayed: bool = Field(description="The change's request_id was recorded before: nothing was recorded again.")
    name: str
    players: list[str]
    ruleset: str
    house_rules: dict[str, Any]
    base_money: str
    stake: str
    entries: list[Entry] | None = Field(None, description="Left out when since_version is given.")
    length: int
    unsettled: int | None
    deal: Deal
    balances: list[Balance]
    game: GameState | None = Field(None, description="A table that keeps points (riichi's): the game's state.")
    history: list[HistoryStep]
    history_since: int | None = Field(None, description="The since_version asked for, when given.")
    page: HistoryPage | None = Field(None, description=(
        "The first and last entries listed, when they are not all the table's (no export then)."))
    origin: ExportOrigin | None = Field(None, description="The export's origin: this club's database, the table.")
    chain: list[ChainLink] | None = Field(None, description="The export's hash chain: every change and its hash.")
    signature: ExportSignature | None = Field(None, description="The export's signature under the server's ledger key.")
    imported: Literal["unaltered", "altered", "unverified"] | None = Field(
        None, description="An import: whether the export is the club's unaltered record.")
    tampered: list[str] | None = Field(None, description=(
        "An export as its rows stand (?as_stored=true): every finding of a table changed outside mjscore, one line "
        "each (empty: it checks). Such an export is unsigned."))


class ExportOrigin(Answer):
    """Where an export comes from: the club's database (its identity), the table and its settings hash."""

    database: str
    table: int
    settings_hash: str


class ChainLink(Answer):
    """A change of the table's history as an export carries it, with its hash."""

    change: int
    version: int
    action: str
    entry: int
    at: str
    by: str
    hash: str


class ExportSignature(Answer):
    """An export's signature: the fingerprint of the ledger key and the HMAC-SHA256 of the export."""

    key: str
    hmac: str


class RescoreAnswer(TableAnswer):
    """The table after re-scoring, and the entries whose result changed."""

    rescored: list[int]


class LogLine(Answer):
    """One change of a table's log."""

    change: int
    version: int
    at: str
    by: str
    action: str
    entry: int | None
    request_id: str | None


class Session(Answer):
    """``POST /api/session``: the device joined (``needed``: the server asks for a passphrase)."""

    device: str
    needed: bool


class CSVResponse(Response):
    """A CSV file: ``text/csv; charset=utf-8`` (Starlette adds the charset to a text type)."""

    media_type = "text/csv"
