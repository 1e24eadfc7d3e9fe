"""What filing_hooks.py proved about a module's classes, read where class bodies are followed
(object_methods.py, classes.py, class_families.py). The marks are set once per module, before
the analysis asks (interpreter.analyse_module); a class never marked stays opaque.
"""
from __future__ import annotations

import ast

from codemods.analysis.meta_calls import meta_calls  # noqa: F401  (a class keyword's fact read beside the marks by classes.py)
from codemods.analysis.class_news import built_by_new  # noqa: F401  (a `__new__` taking constructions over: classes.py)
from codemods.analysis.init_reruns import construction_inits  # noqa: F401  (`__init__` run again: classes.py)

_HOOK = "_shardfix_filing_hook"
_KEYWORDS = "_shardfix_filed_keywords"


def filing_hook(cls: ast.ClassDef) -> bool:
    """The class's own `__init_subclass__` only files each new subclass (filing_hooks.py)."""
    return getattr(cls, _HOOK, False)


def plain_keywords(cls: ast.ClassDef) -> bool:
    """No class keyword, or only ones a filing hook above the class takes (`key="water"`)."""
    return not cls.keywords or getattr(cls, _KEYWORDS, False)


def opaque_hook(cls: ast.ClassDef, name: str, binds) -> bool:
    """`binds(name)` on the class's body, except an `__init_subclass__` that only files."""
    return binds(name) and not (name == "__init_subclass__" and filing_hook(cls))


def set_marks(hooks: list[ast.ClassDef], keyworded: list[ast.ClassDef]) -> None:
    for cls in hooks:
        setattr(cls, _HOOK, True)
    for cls in keyworded:
        setattr(cls, _KEYWORDS, True)


def hook_class_tables(cls: ast.ClassDef) -> set[str]:
    """The class attributes (`Base.registry[key] = cls`) a filing hook of `cls` files in."""
    read = getattr(cls, "_shardfix_hook_read", None)
    return {filing.container.attr for filing in read[0] if type(filing.container) is ast.Attribute} \
        if read is not None else set()
