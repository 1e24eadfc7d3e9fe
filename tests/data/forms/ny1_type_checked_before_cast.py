import jax
from jax.sharding import PartitionSpec as P


def ensure_varying(v, axis):
    if axis in jax.typeof(v).manual_axis_type.varying:
        return v
    return jax.lax.pcast(v, axis, to="varying")  # none: reached only when v does not vary on axis


def ensure_varying_expr(v, axis):
    return v if axis in jax.typeof(v).manual_axis_type.varying else jax.lax.pcast(v, axis, to="varying")  # none


def ensure_varying_else(v, axis):
    if axis not in jax.typeof(v).manual_axis_type.varying:
        v = jax.lax.pcast(v, axis, to="varying")  # none: the test says it does not vary yet
    return v


def cast_once(v, axis):
    if axis in jax.typeof(v).manual_axis_type.varying:
        return v
    return jax.lax.pcast(v, axis, to="varying")  # none: its one call passes a value varying on axis


def body(a, bias):
    bias = ensure_varying(bias[:, :2], "j")
    a = ensure_varying(a, "j")
    b = ensure_varying_expr(a, "j") + ensure_varying_else(a, "j") + cast_once(a, "j")
    return jax.lax.psum(a + bias + b, "j")


def run(mesh, x):
    f = jax.shard_map(body, mesh=mesh, in_specs=(P("i", "j"), P("i")), out_specs=P("i"))
    return f(x, x)
