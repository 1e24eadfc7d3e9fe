"""Rule registry: every module in this package defining a Rule subclass contributes it.

The engine asks this registry for rules and never names one.
"""
from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache

from codemods.rules.base import Rule


@lru_cache(maxsize=1)
def all_rules() -> tuple[type[Rule], ...]:
    found: dict[str, type[Rule]] = {}
    for info in pkgutil.iter_modules(__path__):
        if info.name == "base":
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        for value in vars(module).values():
            # type(value), not isinstance: the latter reads __class__, which loads a lazy module.
            if issubclass(type(value), type) and issubclass(value, Rule) and value is not Rule and value.__module__ == module.__name__ \
                    and hasattr(value, "code"):  # (a shared base such as _typerules.StateRule names no rule)
                found[value.code] = value
    return tuple(found[code] for code in sorted(found))


def rule_by_code(code: str) -> type[Rule] | None:
    return next((rule for rule in all_rules() if rule.code == code.upper()), None)
