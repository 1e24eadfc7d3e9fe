"""Values NumPy computes on the host from literals: the same on every device, so in arithmetic with
a reduced value they are constants like a Python number (`x * np.sqrt(HORIZON)`, `x / INT8.max`)."""
from __future__ import annotations

from dataclasses import replace

from codemods.analysis.values import CONSTANT, NUMBER_INFO, NUMBER_INFO_MAKERS, AxisState, Const, JaxName, Static, Value, leaves

_NUMBER = (bool, int, float)


def host_number(name: str, args, keywords, starred) -> Value | None:
    """What a NumPy call on literal numbers gives; None when the call is not one (a traced or
    unknown operand, text that may be an axis name, a spread): the caller decides as before."""
    if starred:
        return None
    operands = [value for value, _ in list(args) + list(keywords.values())]
    if not all(_literal(leaf) for operand in operands for leaf in leaves(operand)):
        return None
    if name in NUMBER_INFO_MAKERS:
        return NUMBER_INFO  # not a number itself; its limits (`.max`, `.eps`) are (values.py)
    if name.startswith("numpy."):
        return replace(CONSTANT, why="a NumPy constant")
    return None


def _literal(leaf: Value) -> bool:
    # strings are left out: `np.array(["data", "model"])` may name axes, which stay unknown
    if isinstance(leaf, AxisState):
        return leaf.same_state(CONSTANT)  # a NumPy result computed before
    return isinstance(leaf, (Static, JaxName)) or isinstance(leaf, Const) and type(leaf.value) in _NUMBER


# Python floats that modules name (`jnp.pi` is NumPy's float): arithmetic reads them as numbers.
_NUMBERS = {f"{module}.{name}": value for module in ("math", "numpy", "jax.numpy")
            for name, value in (("pi", 3.141592653589793), ("e", 2.718281828459045), ("inf", float("inf")))}


def named_number(value: Value) -> Value:
    return Const(_NUMBERS[value.name]) if type(value) is JaxName and value.name in _NUMBERS else value
