"""`frozen`: a frozen dataclass whose methods are compiled together, once (issue 12).

Python 3.11's `dataclass(frozen=True)` compiles each method it writes on its own: `__init__`,
`__repr__`, `__eq__`, `__hash__`, `__setattr__` and `__delattr__`, six compilations and about
0.5 ms a class. A window's start makes 36 such classes, 18-20 ms of a start the bare Qt window
does in about 100 ms. `frozen` makes the same class for a fifth of that: `dataclass` notes the
fields (and makes the slots) without writing any method, then the methods `dataclass(frozen=
True)` would write are written as one source and compiled once.

What `dataclasses` gives stays: `fields`, `replace`, `asdict`, `is_dataclass`, `__match_args__`
and, with `slots=True`, `__slots__`. Instances behave as `dataclass(frozen=True)`'s do: the
same `__init__` (calling `__post_init__` if the class has one), `repr`, equality with the same
class only, a hash over the compared fields, and `FrozenInstanceError` on assignment
(`tests/rules/test_values.py` compares every `frozen` class of the app with the dataclass made
of the same definition). A field takes a default, `compare=False` and `repr=False`; other
`field()` options (a `default_factory`, `init=False`, `kw_only`) are refused when the class is
made. `init=False` keeps the class's own `__init__`, which sets fields with
`object.__setattr__`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from operator import attrgetter
from types import NotImplementedType
from typing import Any, TypeVar, dataclass_transform, overload

_T = TypeVar("_T")


@overload
def frozen(cls: type[_T], /) -> type[_T]: ...


@overload
def frozen(*, slots: bool = False, init: bool = True) -> Callable[[type[_T]], type[_T]]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def frozen(
    cls: type[_T] | None = None, /, *, slots: bool = False, init: bool = True
) -> type[_T] | Callable[[type[_T]], type[_T]]:
    """`dataclass(frozen=True, slots=slots, init=init)`, compiled once (see the module)."""

    def make(cls: type[_T]) -> type[_T]:
        return _make(cls, slots=slots, init=init)

    return make if cls is None else make(cls)


def _make(cls: type[_T], *, slots: bool, init: bool) -> type[_T]:
    made: type[_T] = dataclasses.dataclass(
        cls, init=False, repr=False, eq=False, frozen=False, slots=slots
    )
    fields = dataclasses.fields(made)  # type: ignore[arg-type]
    for f in fields:
        if (
            f.default_factory is not dataclasses.MISSING
            or not f.init
            or f.kw_only is True
            or f.hash is not None
        ):
            raise TypeError(f"frozen {cls.__qualname__}.{f.name}: a field option it can't take")
    # What the class says of itself, as dataclass(frozen=True) would (a dataclass subclass reads
    # it: a frozen one can't inherit from a class that isn't).
    params = made.__dataclass_params__  # type: ignore[attr-defined]
    params.init, params.repr, params.eq, params.frozen = init, True, True, True
    names = tuple(f.name for f in fields)
    compared = [f.name for f in fields if f.compare]
    # What equality and the hash compare, read in C: a tuple of the compared fields.
    made._value_key = attrgetter(*compared) if compared else staticmethod(_nothing)  # type: ignore[attr-defined]
    made._value_shown = tuple(f.name for f in fields if f.repr)  # type: ignore[attr-defined]
    made._value_names = names  # type: ignore[attr-defined]
    methods: dict[str, Callable[..., Any]] = {
        "__repr__": _repr,
        "__eq__": _eq,
        "__hash__": _hash,
        "__setattr__": _setattr,
        "__delattr__": _delattr,
    }
    if slots:  # as dataclass(frozen=True, slots=True) does: copies and pickles pass __setattr__
        methods |= {"__getstate__": _getstate, "__setstate__": _setstate}
    if init:
        methods["__init__"] = _init(made, fields)
    for name, method in methods.items():
        if name not in vars(made):
            setattr(made, name, method)
        elif name in ("__setattr__", "__delattr__"):  # as dataclass(frozen=True)
            raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__qualname__}")
    return made


def _init(cls: type, fields: tuple[dataclasses.Field[Any], ...]) -> Callable[..., None]:
    """The one method written for each class: a fast `__init__` takes its fields by name."""
    space: dict[str, Any] = {"_set": object.__setattr__}
    params = ["self"]
    for f in fields:
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            space[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
    body = [f"    _set(self, {f.name!r}, {f.name})" for f in fields]
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    source = "\n".join([f"def __init__({', '.join(params)}):", *(body or ["    pass"])])
    exec(source, space)
    init: Callable[..., None] = space["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    return init


def _nothing(_value: object) -> tuple[()]:
    return ()


def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._value_shown)
    return f"{self.__class__.__qualname__}({shown})"


def _eq(self: Any, other: object) -> bool | NotImplementedType:
    key: Callable[[object], object] = self._value_key
    if other.__class__ is self.__class__:
        return bool(key(self) == key(other))
    return NotImplemented  # type: ignore[no-any-return]


def _hash(self: Any) -> int:
    return hash(self._value_key(self))


def _setattr(self: object, name: str, value: object) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")


def _delattr(self: object, name: str) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


def _getstate(self: Any) -> list[object]:
    return [getattr(self, name) for name in self._value_names]


def _setstate(self: Any, state: list[object]) -> None:
    for name, value in zip(self._value_names, state, strict=True):
        object.__setattr__(self, name, value)
