"""The body of a shard_map reached through a chain of calls (shardmap.py's `chain`): each function
on the way is run far enough to bind its parameters to what its call passes, and the body
expression is evaluated where the last one hands it to shard_map."""
from __future__ import annotations

from codemods.analysis.object_methods import class_method
from codemods.analysis.values import Function, Instance, Partial


def chained_body(interp, use):
    """(bound positional values, bound keywords, closure) of the body of `use`, None when a call
    on the way is not plain enough to bind."""
    from codemods.analysis.interpreter import Frame  # the interpreter imports this module

    frame = interp._static_frame(use.outer_scopes)
    previous = None
    for call, function, scopes, receiver in use.chain:
        args, keywords, starred = interp._eval_args(call, frame)
        if call is use.applied:  # `wrap(step)`: the decorated def, where it is written
            args = [(Function(use.body, interp._static_frame(use.body_scopes)), call.args[0])]
        if starred:
            return None
        if receiver is not None:
            args = [(interp.eval(receiver, frame), receiver)] + args
        opaque = interp._static_frame(scopes + (function,)).opaque
        inner = Frame(None, interp._static_frame(scopes), static_scopes=scopes + (function,), opaque=opaque)
        if previous is not None and scopes[-1:] == (previous,):
            # a def nested in the function just called (a decorator factory's wrapper) reads that
            # call's parameters (the names that function rebinds are not in its frame)
            inner.vars.update(frame.vars)
        if not interp._bind_params(function.args, [value for value, _ in args],
                                   {key: value for key, (value, _) in keywords.items()}, inner):
            return None
        for name in interp._locals_of(function):  # rebound before the call: read from the text
            inner.vars.pop(name, None)
        frame, previous = inner, function
    value = interp.eval(use.inner_body, frame)
    bound: list = []
    named: dict = {}
    while isinstance(value, Partial):  # partial(partial(f, a), b) calls f(a, b, ...)
        bound[:0] = list(value.args)
        named = {**dict(value.keywords), **named}
        value = value.func
    if isinstance(value, Instance) and not bound and not named and value.fields is not None \
            and class_method(interp.scope, value.cls, "__call__") is use.body:
        # `build(mesh, Layer())` with the layer as the body: its __call__ runs with it as self
        return [value], {}, interp._static_frame(use.body_scopes)
    if not isinstance(value, Function) or value.node is not use.body:
        return None
    return bound, named, value.closure
