"""`frozen` makes what `dataclass(frozen=True)` makes, compiled once (issue 12): each case
builds one class body twice, once with each, and compares what instances do."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from collections.abc import Callable
from typing import Any

import pytest

from tablelife.rules import Damage, FreeForAll, TwoHeadedGiant
from tablelife.rules.setup import GameSetup
from tablelife.rules.values import frozen

Body = Callable[[], dict[str, Any]]


def _twins(body: Body, **options: bool) -> tuple[type, type]:
    """The same class body made by `frozen` and by `dataclass(frozen=True)`."""
    ours = frozen(**options)(type("Thing", (), {"__module__": __name__, **body()}))
    theirs = dataclasses.dataclass(frozen=True, **options)(
        type("Thing", (), {"__module__": __name__, **body()})
    )
    return ours, theirs


def _plain() -> dict[str, Any]:
    return {"__annotations__": {"player": "int", "amount": "int"}}


def _defaults() -> dict[str, Any]:
    return {"__annotations__": {"player": "int", "amount": "int", "on": "bool"}, "on": True}


def _hidden() -> dict[str, Any]:
    return {
        "__annotations__": {"seq": "int", "checksum": "str", "note": "str"},
        "checksum": dataclasses.field(default="", compare=False),
        "note": dataclasses.field(default="n", repr=False),
    }


def _empty() -> dict[str, Any]:
    return {"__annotations__": {}}


def _single() -> dict[str, Any]:
    return {"__annotations__": {"player": "int"}, "__qualname__": "Outer.Thing"}


def _odd_names() -> dict[str, Any]:
    # Names a written __init__ could clash with: the instance's, and its helpers'.
    return {"__annotations__": {"self": "int", "_set": "int", "_default_x": "int"}}


def _checked() -> dict[str, Any]:
    def post_init(self: Any) -> None:
        if self.amount < 0:
            raise ValueError("negative")
        object.__setattr__(self, "seen", True)

    return {"__annotations__": {"amount": "int"}, "__post_init__": post_init}


CASES: list[tuple[Body, tuple[Any, ...], tuple[Any, ...]]] = [
    (_plain, (1, 2), (1, 3)),
    (_defaults, (1, 2), (1, 2, False)),
    (_hidden, (4, "a", "x"), (5,)),
    (_empty, (), ()),
    (_single, (3,), (4,)),
    (_odd_names, (1, 2, 3), (1, 2, 4)),
]


@pytest.mark.parametrize("slots", [False, True])
@pytest.mark.parametrize(("body", "args", "other_args"), CASES)
def test_instances_behave_as_a_frozen_dataclass_s(
    body: Body, args: tuple[Any, ...], other_args: tuple[Any, ...], slots: bool
) -> None:
    ours, theirs = _twins(body, slots=slots)
    a, b = ours(*args), theirs(*args)
    assert repr(a) == repr(b)
    assert (a == ours(*args)) is (b == theirs(*args)) is True
    assert (a == ours(*other_args)) == (b == theirs(*other_args))
    assert hash(a) == hash(b) == hash(ours(*args))
    assert a != b and b != a  # another class (of the same name) is never equal
    assert [f.name for f in dataclasses.fields(a)] == [f.name for f in dataclasses.fields(b)]
    assert dataclasses.asdict(a) == dataclasses.asdict(b)
    assert ours.__match_args__ == theirs.__match_args__
    assert dataclasses.is_dataclass(ours)
    assert ours.__doc__ == theirs.__doc__
    assert ours.__dataclass_params__.frozen
    assert hasattr(a, "__dict__") is hasattr(b, "__dict__") is (not slots)
    for name in [f.name for f in dataclasses.fields(a)] + ["other"]:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(a, name, 9)
        with pytest.raises(dataclasses.FrozenInstanceError):
            delattr(a, name)
    assert copy.copy(a) == copy.deepcopy(a) == a
    if dataclasses.fields(a):
        first = dataclasses.fields(a)[0].name
        assert repr(dataclasses.replace(a, **{first: 7})) == repr(
            dataclasses.replace(b, **{first: 7})
        )


def test_a_field_left_out_of_comparing_is_left_out_of_the_hash_too() -> None:
    ours, _theirs = _twins(_hidden)
    assert ours(1, "a") == ours(1, "b")
    assert hash(ours(1, "a")) == hash(ours(1, "b"))
    assert "note" not in repr(ours(1, "a", "secret"))


@pytest.mark.parametrize("slots", [False, True])
def test_post_init_runs_and_may_refuse(slots: bool) -> None:
    ours, _theirs = _twins(_checked, slots=slots)
    with pytest.raises(ValueError, match="negative"):
        ours(-1)
    if not slots:
        assert ours(2).seen  # type: ignore[attr-defined]


def test_a_frozen_dataclass_may_inherit_from_one() -> None:
    @dataclasses.dataclass(frozen=True)
    class Bigger(Damage):
        extra: int = 0

    assert Bigger(0, 3, 1) != Damage(0, 3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        Bigger(0, 3).extra = 2  # type: ignore[misc]


def test_a_frozen_class_may_inherit_from_one() -> None:
    @frozen
    class Base:
        a: int

    @frozen(slots=True)
    class Sub(Base):
        b: int = 0

    assert Sub(1, 2) == Sub(1, 2) != Sub(1, 3)
    assert repr(Sub(1)) == "test_a_frozen_class_may_inherit_from_one.<locals>.Sub(a=1, b=0)"
    with pytest.raises(dataclasses.FrozenInstanceError):
        Sub(1).b = 2  # type: ignore[misc]


def test_a_class_that_writes_its_own_eq_keeps_it_and_is_still_hashable() -> None:
    @frozen
    class Loose:
        name: str

        def __eq__(self, other: object) -> bool:
            return isinstance(other, Loose) and self.name.lower() == other.name.lower()

    assert Loose("A") == Loose("a")
    assert hash(Loose("A")) == hash(Loose("A"))  # as dataclass: a hash over the fields


def test_an_init_var_is_refused_when_the_class_is_made() -> None:
    with pytest.raises(TypeError, match="a field option it can't take"):

        @frozen
        class Odd:
            x: int
            y: dataclasses.InitVar[int]


def test_pickles_round_trip() -> None:
    for value in (Damage(1, 2), FreeForAll(players=3), TwoHeadedGiant(teams=3)):
        assert pickle.loads(pickle.dumps(value)) == value


def test_the_class_s_own_init_and_methods_stay() -> None:
    # init=False (a variant's own __init__ checks and fills its fields)
    assert TwoHeadedGiant(heads=3).starting_life == 45  # CR 810.11: 15 more for a third head
    assert GameSetup(FreeForAll()) == GameSetup(FreeForAll())

    @frozen
    class Named:
        name: str

        def __repr__(self) -> str:
            return f"<{self.name}>"

    assert repr(Named("a")) == "<a>"

    with pytest.raises(TypeError, match="__setattr__"):

        @frozen
        class Settable:
            name: str

            def __setattr__(self, name: str, value: object) -> None: ...


@pytest.mark.parametrize(
    "option",
    [
        {"default_factory": list},
        {"init": False, "default": 0},
        {"kw_only": True},
        {"hash": True},
    ],
)
def test_field_options_it_can_t_take_are_refused_when_the_class_is_made(
    option: dict[str, Any],
) -> None:
    with pytest.raises(TypeError, match="a field option it can't take"):
        frozen(
            type(
                "Odd",
                (),
                {"__annotations__": {"x": "list[int]"}, "x": dataclasses.field(**option)},
            )
        )
