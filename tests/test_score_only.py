"""Score-only hands: the table's scoresheet line, checked for what the points can show.

RULES (score-only hands): the points add up to the variant's hand total, a seat with every
point card is a moon scored by the variant's moon rule from the totals before, penalties
come only from the irregularities the director records, and the hand says the play was
not refereed. Each test is one clause, on the standalone record
(``hearts_referee.validate_hand``, the same check ``POST /v1/hands/validate`` and the bulk
audit run).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hearts_referee import RecordError, validate_hand
from hearts_referee.referee.registry import VARIANTS
from hearts_referee.referee.score_only import REPORTABLE, hand_total, seat_range

SEATS = ["N", "E", "S", "W"]
LONG_JOHN = ["A", "B", "C", "D", "E", "F"]
REVOKE = Path(__file__).resolve().parent.parent / "examples" / "mso-revoke.json"


def sheet(variant: Any, points: dict[str, int], **extra: Any) -> dict[str, Any]:
    """A standalone score-only record: the table, the dealer, the hand and the points."""
    seats = list(points)
    return {
        "variant": variant,
        "seats": seats,
        "dealer": seats[-1],
        "hand_number": 1,
        "points": points,
    } | extra


def problems(record: dict[str, Any]) -> list[tuple[str, str]]:
    with pytest.raises(RecordError) as refused:
        validate_hand(record)
    return [(p.pointer, p.code) for p in refused.value.problems]


def spread(total: int, seats: list[str], low: int, high: int) -> dict[str, int]:
    """``total`` points over ``seats``, none outside ``low``..``high``, no seat a moon."""
    points = dict.fromkeys(seats, 0)
    left = total
    for seat in seats:
        points[seat] = max(low, min(high - 1, left))
        left -= points[seat]
    points[seats[-1]] += left
    return points


# --- the hand total ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "seats", "total"),
    [("standard", 4, 26), ("mso-2000", 4, 26), ("long-john", 6, 52), ("omnibus-kitty", 3, 16)],
)
def test_the_hand_total_is_26_52_in_long_john_and_16_in_omnibus_kitty(variant, seats, total):
    assert hand_total(VARIANTS[variant], seats) == total


TABLES = [(v.id, n) for v in VARIANTS.values() for n in v.seat_counts]


@pytest.mark.parametrize(("variant", "seats"), TABLES)
def test_points_adding_up_to_the_hand_total_are_taken_as_written(variant, seats):
    names = [f"P{k}" for k in range(seats)]
    low, high = seat_range(VARIANTS[variant], seats)
    points = spread(hand_total(VARIANTS[variant], seats), names, low, high)
    result = validate_hand(sheet(variant, points))
    assert result["points"] == points and result["score"] == points
    assert result["refereed"] is False and result["tricks"] == [] and result["rulings"] == []


@pytest.mark.parametrize(("variant", "seats"), TABLES)
def test_points_that_do_not_add_up_to_the_hand_total_are_refused_at_points(variant, seats):
    names = [f"P{k}" for k in range(seats)]
    low, high = seat_range(VARIANTS[variant], seats)
    points = spread(hand_total(VARIANTS[variant], seats) - 1, names, low, high)
    assert problems(sheet(variant, points)) == [("/points", "points_total")]


def test_a_house_variant_adds_up_to_its_own_hand_total():
    house = {"base": "standard", "options": {"queen_points": 10}}
    assert validate_hand(sheet(house, {"N": 10, "E": 13, "S": 0, "W": 0}))["score"]["N"] == 10
    assert problems(sheet(house, {"N": 13, "E": 13, "S": 0, "W": 0})) == [("/points", "points_total")]


def test_j_diamonds_is_minus_ten_in_omnibus_kitty():
    result = validate_hand(sheet("omnibus-kitty", {"N": -10, "E": 20, "S": 6}))
    assert result["score"] == {"N": -10, "E": 20, "S": 6}


def test_a_seat_cannot_take_more_than_every_point_card():
    record = sheet("standard", {"N": 27, "E": 0, "S": 0, "W": -1})
    assert problems(record) == [("/points/N", "impossible_points"), ("/points/W", "impossible_points")]


def test_a_seat_cannot_take_less_than_j_diamonds_in_omnibus_kitty():
    assert problems(sheet("omnibus-kitty", {"N": -11, "E": 26, "S": 1})) == [
        ("/points/N", "impossible_points")
    ]


def test_every_seat_has_its_points_and_no_other_seat_does():
    record = sheet("standard", {"N": 13, "E": 13, "S": 0, "W": 0})
    record["points"] = {"N": 13, "E": 13, "S": 0, "X": 0}
    assert problems(record) == [("/points/X", "unknown_seat"), ("/points/W", "required")]


def test_a_score_only_hand_has_no_deal_and_no_play():
    record = sheet("standard", {"N": 13, "E": 13, "S": 0, "W": 0})
    record |= {"deal": {"N": ["2C"]}, "play": [{"seat": "N", "card": "2C"}]}
    assert problems(record) == [("/deal", "score_only"), ("/play", "score_only")]


def test_a_record_without_deal_points_or_a_complete_play_needs_its_deal():
    """Neither a scoresheet line nor a record whose play shows every card: the deal cannot
    be derived, and the first problem says so."""
    record = sheet("standard", {"N": 13, "E": 13, "S": 0, "W": 0})
    del record["points"]
    assert problems(record)[0] == ("/deal", "deal_required")


# --- the moon ---------------------------------------------------------------------------


def test_every_point_card_to_one_seat_is_a_moon_the_others_score_in_standard():
    result = validate_hand(sheet("standard", {"N": 0, "E": 26, "S": 0, "W": 0}))
    assert result["moon"] == {"seat": "E", "option": "add", "chosen_by": "referee"}
    assert result["score"] == {"N": 26, "E": 0, "S": 26, "W": 26}


def test_mso_moon_adds_while_nobody_had_74():
    before = {"N": 73, "E": 10, "S": 20, "W": 30}
    result = validate_hand(sheet("mso-2000", {"N": 0, "E": 26, "S": 0, "W": 0}, scores_before=before))
    assert result["moon"]["option"] == "add" and result["score"]["E"] == 0


def test_mso_moon_subtracts_once_someone_has_74_and_adding_would_not_win():
    before = {"N": 80, "E": 70, "S": 20, "W": 30}
    result = validate_hand(sheet("mso-2000", {"N": 0, "E": 26, "S": 0, "W": 0}, scores_before=before))
    assert result["moon"] == {"seat": "E", "option": "subtract", "chosen_by": "referee"}
    assert result["score"] == {"N": 0, "E": -26, "S": 0, "W": 0}


def test_mso_moon_subtract_is_refused_when_adding_wins_the_game_for_the_shooter():
    before = {"N": 80, "E": 10, "S": 20, "W": 30}
    record = sheet(
        "mso-2000", {"N": 0, "E": 26, "S": 0, "W": 0}, scores_before=before, moon_choice="subtract"
    )
    result = validate_hand(record)
    assert result["moon"] == {"seat": "E", "option": "add", "chosen_by": "referee"}
    assert [r["code"] for r in result["rulings"]] == ["moon_choice_not_allowed"]


def test_long_john_shooter_chooses_and_a_total_never_goes_below_zero():
    points = dict.fromkeys(LONG_JOHN, 0) | {"C": 52}
    before = dict.fromkeys(LONG_JOHN, 40) | {"C": 10}
    result = validate_hand(sheet("long-john", points, scores_before=before, moon_choice="subtract"))
    assert result["moon"] == {"seat": "C", "option": "subtract", "chosen_by": "record"}
    assert result["score"]["C"] == -10  # the floor: 10 - 52 stops at 0


def test_omnibus_kitty_has_no_moon():
    result = validate_hand(sheet("omnibus-kitty", {"N": 26, "E": -10, "S": 0}))
    assert result["moon"] is None and result["score"] == {"N": 26, "E": -10, "S": 0}


def test_a_house_moon_in_omnibus_is_the_moon_the_points_prove():
    """N's 26 with E's -10 can only be every point card: a moon. N's 16 may be every point
    card with J♦, or Q♠ and three hearts beside E's J♦ and ten hearts: no moon is proven,
    and the points are scored as written."""
    house = {"base": "omnibus-kitty", "options": {"moon": "add"}}
    result = validate_hand(sheet(house, {"N": 26, "E": -10, "S": 0}))
    assert result["moon"]["seat"] == "N" and result["score"] == {"N": 0, "E": 16, "S": 26}
    result = validate_hand(sheet(house, {"N": 16, "E": 0, "S": 0}))
    assert result["moon"] is None and result["score"] == {"N": 16, "E": 0, "S": 0}


# --- irregularities the director records ------------------------------------------------


def test_a_revoke_by_s_under_mso_costs_s_26():
    record = sheet(
        "mso-2000", {"N": 3, "E": 10, "S": 13, "W": 0}, irregularities=[{"code": "revoke", "seat": "S"}]
    )
    result = validate_hand(record)
    assert result["penalties"] == {"N": 0, "E": 0, "S": 26, "W": 0}
    assert result["score"]["S"] == 39
    (ruling,) = result["rulings"]
    assert (ruling["code"], ruling["status"], ruling["rule"]) == ("revoke", "applied", "mso-2000/revoke")
    assert ruling["explanation"].startswith("Reported at the table and recorded by the director: S revoked")


def test_a_revoke_under_standard_is_referred_with_no_points():
    record = sheet(
        "standard", {"N": 3, "E": 10, "S": 13, "W": 0}, irregularities=[{"code": "revoke", "seat": "S"}]
    )
    result = validate_hand(record)
    assert result["penalties"]["S"] == 0 and result["rulings"][0]["status"] == "referred"


def test_an_early_heart_reported_with_its_trick_and_card_costs_5_under_mso():
    report = {"code": "early_heart", "seat": "W", "trick": 4, "card": "5h"}
    result = validate_hand(sheet("mso-2000", {"N": 3, "E": 10, "S": 13, "W": 0}, irregularities=[report]))
    (ruling,) = result["rulings"]
    assert (ruling["trick"], ruling["card"], ruling["penalty"]) == (4, "5H", {"points": 5})
    assert "(trick 4, 5♥)" in ruling["explanation"]


@pytest.mark.parametrize("code", sorted(code.value for code in REPORTABLE))
def test_every_reportable_irregularity_is_ruled_on_by_the_variant_schedule(code):
    """Under MSO each, but the joker: that is Long John's at seven seats."""
    variant, points = "mso-2000", {"N": 3, "E": 10, "S": 13, "W": 0}
    if code == "joker_played_early":
        variant, points = "long-john", {"A": 3, "B": 10, "C": 13, "D": 0, "E": 26, "F": 0, "G": 0}
    first = next(iter(points))
    record = sheet(variant, points, irregularities=[{"code": code, "seat": first}])
    (ruling,) = validate_hand(record)["rulings"]
    assert ruling["code"] == code and ruling["rule"].startswith(f"{variant}/")


def test_moons_and_written_scores_are_not_reported_they_follow_from_the_points():
    reports = [{"code": "moon_stopped_by_revoke", "seat": "N"}, {"code": "revoke", "seat": "X", "trick": 14}]
    record = sheet("mso-2000", {"N": 3, "E": 10, "S": 13, "W": 0}, irregularities=reports)
    assert problems(record) == [
        ("/irregularities/0/code", "not_reportable"),
        ("/irregularities/1/seat", "unknown_seat"),
        ("/irregularities/1/trick", "range"),
    ]


def test_a_report_without_its_seat_is_refused_where_it_is_missing():
    record = sheet("mso-2000", {"N": 3, "E": 10, "S": 13, "W": 0}, irregularities=[{"code": "revoke"}])
    assert problems(record) == [("/irregularities/0/seat", "required")]


def test_the_written_scores_are_checked_against_the_points_and_penalties():
    record = sheet(
        "mso-2000",
        {"N": 3, "E": 10, "S": 13, "W": 0},
        irregularities=[{"code": "revoke", "seat": "S"}],
        claimed={"N": 3, "E": 10, "S": 13, "W": 0},
    )
    (_, mismatch) = validate_hand(record)["rulings"]
    assert (mismatch["code"], mismatch["seat"], mismatch["suggestion"]) == (
        "score_mismatch",
        "S",
        "correct the scoresheet to 39",
    )


def test_a_full_record_says_its_play_was_refereed():
    assert validate_hand(json.loads(REVOKE.read_text()))["refereed"] is True


# --- the bulk audit: the same check, counted apart ----------------------------------------


def test_the_bulk_audit_checks_score_only_records_and_counts_them_not_refereed(tmp_path):
    from hearts_referee.app import create_app

    lines = [
        sheet("mso-2000", {"N": 3, "E": 10, "S": 13, "W": 0}),
        sheet(
            "mso-2000", {"N": 3, "E": 10, "S": 13, "W": 0}, irregularities=[{"code": "revoke", "seat": "S"}]
        ),
        sheet("mso-2000", {"N": 3, "E": 10, "S": 12, "W": 0}),
    ]
    source = tmp_path / "sheets.ndjson"
    source.write_text("".join(json.dumps(line) + "\n" for line in lines))
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "archive.db")})
    summary, table = tmp_path / "summary.json", tmp_path / "hands.csv"
    result = app.test_cli_runner().invoke(
        args=["audit", str(source), "-q", "--jobs", "1", "--summary-json", str(summary), "--csv", str(table)]
    )
    audited = [json.loads(text) for text in result.stdout.splitlines() if text.startswith("{")]
    assert audited[0]["audit"] == validate_hand(lines[0]) and audited[0]["audit"]["refereed"] is False
    assert audited[2]["problems"][0]["code"] == "points_total"
    counted = json.loads(summary.read_text())
    assert (counted["clean"], counted["not_refereed"], counted["with_rulings"]) == (0, 1, 1)
    rows = table.read_text().splitlines()
    assert rows[1].split(",")[1] == "not_refereed" and rows[2].split(",")[1] == "rulings"


def test_the_spec_names_exactly_the_irregularities_a_director_may_record():
    from support import SPEC

    schemas = SPEC["components"]["schemas"]
    for name in ("Irregularity", "IrregularityRequest"):
        assert set(schemas[name]["properties"]["code"]["enum"]) == {code.value for code in REPORTABLE}, name


# --- house values below one: negative and zero points ------------------------------------


def house(**options: Any) -> dict[str, Any]:
    return {"base": "standard", "options": options}


def test_a_negative_queen_sheet_of_n_minus_13_and_e_13_is_taken_as_written():
    """Q♠ at -13: N took the queen alone, E every heart; the hand totals 0 and no seat
    can take more than 13 or less than -13."""
    points = {"N": -13, "E": 13, "S": 0, "W": 0}
    result = validate_hand(sheet(house(queen_points=-13), points))
    assert result["score"] == points and result["moon"] is None


def test_a_seat_cannot_take_less_than_every_negative_card_together():
    assert problems(sheet(house(queen_points=-13), {"N": -14, "E": 14, "S": 0, "W": 0})) == [
        ("/points/N", "impossible_points"),
        ("/points/E", "impossible_points"),
    ]


def test_with_hearts_worth_nothing_a_seat_with_only_the_queen_is_not_read_as_a_moon():
    """Its 13 may be Q♠ alone: the sheet cannot show who took the hearts, so no moon."""
    points = {"N": 13, "E": 0, "S": 0, "W": 0}
    result = validate_hand(sheet(house(heart_points=0), points))
    assert result["moon"] is None and result["score"] == points


def test_with_j_diamonds_at_minus_26_an_all_zero_sheet_credits_no_moon_to_the_first_seat():
    """Whoever took J♦ took every point card too, but the zeros cannot say who: the hand
    cannot be scored from the points alone, and the answer says to send the whole record."""
    assert problems(sheet(house(jack_of_diamonds_points=-26), {"N": 0, "E": 0, "S": 0, "W": 0})) == [
        ("/points", "moon_shooter_unknown")
    ]


def test_with_j_diamonds_at_minus_26_the_moon_of_the_seat_that_shows_it_is_scored():
    """E's 26 can only be every point card without J♦, S's -26 J♦ alone."""
    result = validate_hand(sheet(house(jack_of_diamonds_points=-26), {"N": 0, "E": 26, "S": -26, "W": 0}))
    assert result["moon"]["seat"] == "E" and result["score"] == {"N": 26, "E": 0, "S": 0, "W": 26}


def test_points_no_set_of_cards_makes_are_refused_even_inside_the_seat_range():
    """Hearts at 2: an odd score needs Q♠, and a seat cannot take 3 (2 + 1 is no card)."""
    assert problems(sheet(house(heart_points=2), {"N": 3, "E": 23, "S": 13, "W": 0})) == [
        ("/points/N", "impossible_points")
    ]


def test_points_that_two_seats_could_only_take_with_the_same_card_are_refused():
    """Hearts at 2: N's 13 and E's 13 both need the one Q♠."""
    assert problems(sheet(house(heart_points=2), {"N": 13, "E": 13, "S": 12, "W": 1})) == [
        ("/points/W", "impossible_points")
    ]
    assert problems(sheet(house(heart_points=2), {"N": 13, "E": 13, "S": 13, "W": 0})) == [
        ("/points", "impossible_points")
    ]


# --- irregularities the variant or the hand makes impossible ------------------------------

MSO_POINTS = {"N": 3, "E": 10, "S": 13, "W": 0}


def mso(**options: Any) -> dict[str, Any]:
    return {"base": "mso-2000", "options": options}


@pytest.mark.parametrize(
    ("variant", "hand_number"),
    [(mso(pass_cycle="no-pass"), 1), (mso(pass_count=0), 1), (mso(pass_cycle="left-right-across-hold"), 4)],
)
def test_an_incorrect_pass_where_there_is_no_pass_is_refused_not_priced_at_26(variant, hand_number):
    report = {"code": "incorrect_pass", "seat": "N"}
    record = sheet(variant, MSO_POINTS, hand_number=hand_number, irregularities=[report])
    assert problems(record) == [("/irregularities/0/code", "impossible_irregularity")]


def test_an_incorrect_pass_on_a_passing_hand_of_the_same_cycle_is_priced():
    report = {"code": "incorrect_pass", "seat": "N"}
    record = sheet(
        mso(pass_cycle="left-right-across-hold"), MSO_POINTS, hand_number=3, irregularities=[report]
    )
    assert validate_hand(record)["penalties"]["N"] == 26


def test_an_early_heart_where_hearts_are_broken_from_the_start_is_refused():
    report = {"code": "early_heart", "seat": "W", "trick": 4, "card": "5h"}
    record = sheet(mso(hearts_broken_from_start=True), MSO_POINTS, irregularities=[report])
    assert problems(record) == [("/irregularities/0/code", "impossible_irregularity")]


def test_the_joker_played_early_in_a_variant_with_no_joker_is_refused():
    six = {"A": 3, "B": 10, "C": 13, "D": 0, "E": 26, "F": 0}
    reports = [{"code": "revoke", "seat": "N"}, {"code": "joker_played_early", "seat": "S"}]
    assert problems(sheet("mso-2000", MSO_POINTS, irregularities=reports)) == [
        ("/irregularities/1/code", "impossible_irregularity")
    ]
    joker = [{"code": "joker_played_early", "seat": "A"}]
    assert problems(sheet("long-john", six, irregularities=joker)) == [
        ("/irregularities/0/code", "impossible_irregularity")
    ]


@pytest.mark.parametrize(
    ("code", "options"),
    [
        ("wrong_first_lead", {"first_lead": "left-of-dealer"}),
        ("point_card_on_first_trick", {"no_points_on_first_trick": False}),
    ],
)
def test_a_first_trick_fault_the_variant_has_no_rule_for_is_refused(code, options):
    record = sheet(mso(**options), MSO_POINTS, irregularities=[{"code": code, "seat": "N"}])
    assert problems(record) == [("/irregularities/0/code", "impossible_irregularity")]


def test_a_full_record_carrying_irregularities_is_refused_its_come_from_its_play():
    record = json.loads(REVOKE.read_text()) | {"irregularities": [{"code": "revoke", "seat": "N"}]}
    assert problems(record) == [("/irregularities", "not_allowed")]
