import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def varies_on(v, axis):
    return axis in jax.typeof(v).mat.varying


def needs_cast(v, axis):
    return not varies_on(v, axis)


is_varying = lambda v, axis: axis in jax.typeof(v).mat.varying  # noqa: E731


class Caster:
    def _varies(self, v, axis):
        return axis in jax.typeof(v).mat.varying

    def __call__(self, v, axis):
        if self._varies(v, axis):
            return v
        return jax.lax.pcast(v, axis, to="varying")  # none: a method asks the type first


def ensure(v, axis):
    if not varies_on(v, axis):
        v = jax.lax.pcast(v, axis, to="varying")  # none: the helper asks the type first
    return v


def ensure2(v, axis):
    if needs_cast(v, axis):  # a helper asking through another helper
        v = jax.lax.pcast(v, axis, to="varying")  # none
    return v


def ensure3(v, axis):
    return v if is_varying(v, axis) else jax.lax.pcast(v, axis, to="varying")  # none: a lambda asks


def ensure4(v, axis):
    varying = jax.typeof(v).mat.varying
    if axis not in varying:
        v = jax.lax.pcast(v, axis, to="varying")  # none: a name holds the answer
    return v


def run(mesh, x):
    cast = Caster()

    def body(u, w):
        a = jnp.sum(ensure(u, "j")) + jnp.sum(ensure(w, "j"))
        b = jnp.sum(ensure2(u, "j")) + jnp.sum(ensure2(w, "j"))
        c = jnp.sum(ensure3(u, "j")) + jnp.sum(ensure3(w, "j"))
        d = jnp.sum(ensure4(u, "j")) + jnp.sum(ensure4(w, "j"))
        e = jnp.sum(cast(u, "j")) + jnp.sum(cast(w, "j"))
        return jax.lax.psum(a + b + c + d + e, ("i", "j"))

    return jax.shard_map(body, mesh=mesh, in_specs=(P("i", "j"), P("i")), out_specs=P())(x, x)
