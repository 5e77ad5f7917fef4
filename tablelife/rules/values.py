"""`frozen`: `dataclass(frozen=True)` for the app's value types, made in a quarter of the time
(issue 12).

Python 3.11's `dataclass(frozen=True)` compiles six methods for each class, one by one:
`__init__`, `__repr__`, `__eq__`, `__hash__`, `__setattr__` and `__delattr__`, about 0.5 ms a
class. A window's start makes 36 such classes: 18-20 ms of a start the bare Qt window does in
about 100 ms. `frozen` lets `dataclass` note the fields (and make the slots) without writing a
method, compiles the `__init__` alone, and gives every class the same compiled functions for
the rest: `__repr__`, `__eq__` and `__hash__` read the class's fields through an
`operator.attrgetter` kept on the class (it is not a descriptor, so an instance reads it
unbound), and `__setattr__`/`__delattr__` refuse. 36 classes take 5 ms instead of 23.

What `dataclasses` gives stays: `fields`, `replace`, `asdict`, `is_dataclass`,
`__match_args__`, the class's `__dataclass_params__` (frozen, so a frozen dataclass or a
`frozen` class may inherit from one) and, with `slots=True`, `__slots__`. An instance is built,
shown, compared and hashed as `dataclass(frozen=True)`'s (`__post_init__` called at the end
of `__init__`), and assigning to it raises `FrozenInstanceError`;
`tests/rules/test_values.py` makes class bodies of each kind both ways and compares. A
method the class writes itself stays, as with `dataclass`. A field takes a default,
`compare=False` and `repr=False`; the rest (a `default_factory`, `init=False`, `kw_only`,
`hash=`, an `InitVar`) is refused when the class is made, since the app uses none of it.
`init=False` keeps the class's own `__init__`, which sets its fields with
`object.__setattr__`.
"""

from __future__ import annotations

import dataclasses
import inspect
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
    """`dataclass(frozen=True, slots=slots, init=init)`, made faster (see the module)."""

    def make(cls: type[_T]) -> type[_T]:
        return _make(cls, slots=slots, init=init)

    return make if cls is None else make(cls)


def _make(cls: type[_T], *, slots: bool, init: bool) -> type[_T]:
    # Below a frozen dataclass, dataclass itself writes the frozen __setattr__ and __delattr__
    # (it refuses a class that isn't frozen there).
    below_frozen = any(_is_frozen(base) for base in cls.__mro__[1:])
    documented = vars(cls).get("__doc__") is not None
    made: type[_T] = dataclasses.dataclass(
        cls, init=False, repr=False, eq=False, frozen=below_frozen, slots=slots
    )
    fields = dataclasses.fields(made)  # type: ignore[arg-type]
    for f in [*fields, *_init_vars(made)]:
        if (
            f.default_factory is not dataclasses.MISSING
            or not f.init
            or f.kw_only is True
            or f.hash is not None
            or f not in fields
        ):
            raise TypeError(f"frozen {cls.__qualname__}.{f.name}: a field option it can't take")
    params = made.__dataclass_params__  # type: ignore[attr-defined]
    params.init, params.repr, params.eq, params.frozen = init, True, True, True
    made._frozen_key = _key([f.name for f in fields if f.compare])  # type: ignore[attr-defined]
    made._frozen_shown = tuple(f.name for f in fields if f.repr)  # type: ignore[attr-defined]
    made._frozen_names = tuple(f.name for f in fields)  # type: ignore[attr-defined]
    own = vars(made)
    methods: dict[str, Callable[..., Any]] = {"__repr__": _repr, "__eq__": _eq}
    # As dataclass: a class that writes __eq__ alone has __hash__ = None in its body.
    if "__hash__" not in own or (own["__hash__"] is None and "__eq__" in own):
        methods["__hash__"] = _hash
    if not below_frozen:
        methods |= {"__setattr__": _setattr, "__delattr__": _delattr}
    if slots:  # as dataclass(frozen=True, slots=True): copies and pickles pass __setattr__
        methods |= {"__getstate__": _getstate, "__setstate__": _setstate}
    if init:
        methods["__init__"] = _init(made, fields)
    for name, method in methods.items():
        if name not in own or name == "__hash__":
            setattr(made, name, method)
        elif name in ("__setattr__", "__delattr__"):  # as dataclass(frozen=True)
            raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__qualname__}")
    if not documented:  # as dataclass: the class's call, for help()
        made.__doc__ = made.__name__ + str(inspect.signature(made)).replace(" -> None", "")
    return made


def _is_frozen(cls: type) -> bool:
    params = vars(cls).get("__dataclass_params__")
    return params is not None and bool(params.frozen)


def _init_vars(cls: type) -> list[dataclasses.Field[Any]]:
    """The class's `InitVar` pseudo-fields (`fields` leaves them out)."""
    return [
        f
        for f in getattr(cls, "__dataclass_fields__", {}).values()
        if isinstance(f.type, dataclasses.InitVar)
        or (isinstance(f.type, str) and "InitVar" in f.type)
    ]


def _key(names: list[str]) -> Callable[[object], tuple[object, ...]]:
    """What equality and the hash compare: a tuple of the compared fields, read in C."""
    if len(names) > 1:
        return attrgetter(*names)  # a tuple already
    if names:
        one = attrgetter(names[0])
        return staticmethod(lambda self: (one(self),))
    return staticmethod(lambda _self: ())


def _init(cls: type, fields: tuple[dataclasses.Field[Any], ...]) -> Callable[..., None]:
    """The one method compiled for each class: an `__init__` taking its fields by name. Its
    own names are dunders, as dataclass's, so no field name can clash with them."""
    space: dict[str, Any] = {"__frozen_set__": object.__setattr__}
    params = ["__frozen_self__"]
    for f in fields:
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            space[f"__frozen_default_{f.name}__"] = f.default
            params.append(f"{f.name}=__frozen_default_{f.name}__")
    body = [f"    __frozen_set__(__frozen_self__, {f.name!r}, {f.name})" for f in fields]
    if hasattr(cls, "__post_init__"):
        body.append("    __frozen_self__.__post_init__()")
    source = "\n".join([f"def __init__({', '.join(params)}):", *(body or ["    pass"])])
    exec(source, space)
    init: Callable[..., None] = space["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__annotations__ = {f.name: f.type for f in fields} | {"return": None}
    return init


def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._frozen_shown)
    return f"{self.__class__.__qualname__}({shown})"


def _eq(self: Any, other: object) -> bool | NotImplementedType:
    key: Callable[[object], object] = self._frozen_key
    if other.__class__ is self.__class__:
        return bool(key(self) == key(other))
    return NotImplemented  # type: ignore[no-any-return]


def _hash(self: Any) -> int:
    return hash(self._frozen_key(self))


def _setattr(self: object, name: str, value: object) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")


def _delattr(self: object, name: str) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


def _getstate(self: Any) -> list[object]:
    return [getattr(self, name) for name in self._frozen_names]


def _setstate(self: Any, state: list[object]) -> None:
    for name, value in zip(self._frozen_names, state, strict=True):
        object.__setattr__(self, name, value)
