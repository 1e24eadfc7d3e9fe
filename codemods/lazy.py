"""Modules loaded on first attribute access (importlib's LazyLoader).

Importing LibCST costs about 0.3 s, more than checking a whole tree whose files no LibCST-based
rule needs; the rules that rewrite through it name it at import time and load it on first use.
"""
from __future__ import annotations

import importlib.util
import sys
from types import ModuleType


def lazy_module(name: str) -> ModuleType:
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        raise ModuleNotFoundError(name)
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
