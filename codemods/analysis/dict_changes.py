"""A dict only one name of the running function holds, changed in place (split from
mutation.py): `spec.pop("type")` on `spec = dict(spec)` gives the item (or the default of
`pop(key, default)` when the key is absent) and the name holds the rest;
`config.update(overrides)` of known overrides merges them; `args.setdefault(key, value)` (mmcv's `build_from_cfg` filling `default_args`) adds the key unless given, and gives what the
dict then holds under it. None when the change is not one of these (the caller forgets the dict
instead)."""
from __future__ import annotations

import ast

from codemods.analysis.values import Const, DictValue


def changed_dict(interp, target: ast.expr, receiver: DictValue, method: str, args, keywords, starred, frame):
    if method == "pop" and isinstance(receiver, DictValue) and not keywords and not starred and len(args) in (1, 2) \
            and isinstance(args[0][0], Const) and (receiver.get(args[0][0].value) is not None or len(args) == 2) \
            and isinstance(target, ast.Name) and frame.vars.get(target.id) is receiver \
            and not interp._seen_elsewhere(receiver, target.id, frame):
        # `kwargs.pop("top_k", 0)` of a function's own `**kwargs`: the item, or the default when absent
        key = args[0][0].value
        found = receiver.get(key)
        frame.vars[target.id] = DictValue(tuple(k for k in receiver.keys if k != key),
                                          tuple(item for k, item in zip(receiver.keys, receiver.items) if k != key))
        return found if found is not None else args[1][0]
    if method == "update" and isinstance(receiver, DictValue) and not starred and len(args) <= 1 \
            and isinstance(target, ast.Name) and frame.vars.get(target.id) is receiver \
            and (not args or isinstance(args[0][0], DictValue)) and all(isinstance(key, str) for key in keywords) \
            and not interp._seen_elsewhere(receiver, target.id, frame):
        # `config = dict(BASE); config.update(overrides)` of known overrides: the merged table
        merged = dict(zip(receiver.keys, receiver.items))
        if args:
            merged.update(zip(args[0][0].keys, args[0][0].items))
        merged.update((key, value) for key, (value, _) in keywords.items())
        frame.vars[target.id] = DictValue(tuple(merged), tuple(merged.values()))
        return Const(None)
    if method == "setdefault" and isinstance(receiver, DictValue) and not keywords and not starred \
            and len(args) == 2 and isinstance(args[0][0], Const) and isinstance(args[0][0].value, str) \
            and isinstance(target, ast.Name) and frame.vars.get(target.id) is receiver \
            and not interp._seen_elsewhere(receiver, target.id, frame):
        # `args.setdefault(key, value)` of mmcv's `default_args`: a given keyword wins
        if receiver.get(args[0][0].value) is not None:
            return receiver.get(args[0][0].value)
        frame.vars[target.id] = DictValue(receiver.keys + (args[0][0].value,), receiver.items + (args[1][0],))
        return args[1][0]
    return None
