"""Command-line values converted without Pydantic when the conversion is plain.

Typer 0.29 converts every option's value, even an absent one, through a Pydantic TypeAdapter
built on first use: importing Pydantic and building the adapters costs about 0.2 s of CPU in
every run, as much as checking a 5,000-line file. The plain cases (a string, a list of paths, a
number written in digits within its bounds, one of an enum's values) are converted here with the
same typer functions the adapters call; anything else (a value out of bounds, a spelling typer
rejects or normalises, a type not handled here) goes to typer's own conversion, which gives its
own value or message. Other typer versions are left as they are.
"""
from __future__ import annotations

import re
from enum import Enum
from pathlib import Path
from typing import Any, get_args, get_origin

_INT = re.compile(r"[0-9]{1,18}")
_FLOAT = re.compile(r"[0-9]{1,15}(\.[0-9]{1,15})?")


def install() -> None:
    try:
        from typer import _coercion, _param_types
        from typer.core import _TyperParameter
    except ImportError:
        return
    if not hasattr(_TyperParameter, "get_runtime_param") or not hasattr(_coercion, "build_runtime_param"):
        return
    if getattr(_TyperParameter.get_runtime_param, "_shardfix", False):
        return

    class PlainFirst(_coercion.RuntimeParam):
        """Converts plain values itself; hands the rest to the runtime param typer builds."""

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            converted = _plain(self.annotation, self.parameter_info, value, param, ctx)
            if converted is not _NOT_PLAIN:
                return converted
            built = param.__dict__.get("_shardfix_built")
            if built is None:
                built = param.__dict__["_shardfix_built"] = _coercion.build_runtime_param(param.type_descriptor)
            return built._coerce_value(value, param=param, ctx=ctx)

    def _plain(annotation: Any, info: Any, value: Any, param: Any, ctx: Any) -> Any:
        if info.parser is not None:
            return _NOT_PLAIN
        if get_origin(annotation) is list and isinstance(value, (list, tuple)):
            (item_type,) = get_args(annotation)
            items = [_plain(item_type, info, item, param, ctx) for item in value]
            return _NOT_PLAIN if any(item is _NOT_PLAIN for item in items) else items
        if type(value) is annotation and annotation in (int, float):  # a default
            return _bounded(value, info) if not info.clamp else _NOT_PLAIN
        if isinstance(value, Enum) and type(value) is annotation:  # a default
            return value
        if type(value) is not str:
            return _NOT_PLAIN
        if annotation is str:
            return value
        if annotation is int and _INT.fullmatch(value) and not info.clamp:
            return _bounded(int(value), info)
        if annotation is float and _FLOAT.fullmatch(value) and not info.clamp:
            return _bounded(float(value), info)
        if isinstance(annotation, type) and issubclass(annotation, Enum):
            try:
                return _param_types.coerce_cli_choice(value, choices=list(annotation),
                                                      case_sensitive=info.case_sensitive, ctx=ctx)
            except Exception:
                return _NOT_PLAIN
        if annotation is Path and value and "\0" not in value and info.path_type in (None, Path):
            try:
                return _param_types.coerce_cli_path(Path(value), info, path_type=Path, param=param, ctx=ctx)
            except Exception:
                return _NOT_PLAIN
        return _NOT_PLAIN

    def get_runtime_param(self: Any) -> Any:
        if self._runtime_param is None:
            descriptor = self.type_descriptor
            if descriptor.file_annotation is None:
                self._runtime_param = PlainFirst(annotation=descriptor.annotation,
                                                 parameter_info=descriptor.parameter_info)
            else:
                self._runtime_param = _coercion.build_runtime_param(descriptor)
        return self._runtime_param

    get_runtime_param._shardfix = True  # type: ignore[attr-defined]
    _TyperParameter.get_runtime_param = get_runtime_param


def _bounded(number: float, info: Any) -> Any:
    if info.min is not None and number < info.min or info.max is not None and number > info.max:
        return _NOT_PLAIN
    return number


class _NotPlain:
    pass


_NOT_PLAIN = _NotPlain()
