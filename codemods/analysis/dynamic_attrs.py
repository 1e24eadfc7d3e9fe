"""`getattr(jax.lax, name)` with a name the analysis knows: the JAX function it reads (issue 13);
`getattr(self, f"diag_{name}")` on an object of a module class: the attribute spelled out.

Code that picks its collective from a table or a flag (`getattr(jax.lax, REDUCTIONS[how])`)
calls the same function as the attribute spelled out. Only the two-argument form is read: with a
default, a missing attribute gives the default instead, which the analysis cannot tell apart."""
from __future__ import annotations

from codemods import jaxapi
from codemods.analysis.values import ClassValue, Const, Instance, JaxName, Value

GETATTR = "builtins.getattr"


def jax_attribute(args, keywords, starred) -> Value | None:
    """The JaxName `getattr(module, "name")` reads, or None when it is not certain."""
    if starred or keywords or len(args) != 2:
        return None
    receiver, name = args[0][0], args[1][0]
    if not (isinstance(receiver, JaxName) and isinstance(name, Const) and isinstance(name.value, str)):
        return None
    if not name.value.isidentifier():
        return None
    return JaxName(jaxapi.canonical(f"{receiver.name}.{name.value}"))


def object_attribute(interp, args, keywords, starred) -> Value | None:
    """`getattr(obj, "name")` of an object (or class) of a module class: what `obj.name` reads,
    through the class reading the interpreter does for the attribute written out."""
    if starred or keywords or len(args) != 2:
        return None
    receiver, name = args[0][0], args[1][0]
    if not (isinstance(receiver, (Instance, ClassValue)) and isinstance(name, Const) and isinstance(name.value, str)
            and name.value.isidentifier()):
        return None
    return interp.class_attribute(receiver, name.value)
