"""Gradient synchronisation described by strings ("allreduce:local", "share:local")."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

COLLECTIVES = {
    "allreduce": lambda axis: functools.partial(jax.lax.psum, axis_name=axis),
    "average": lambda axis: functools.partial(jax.lax.pmean, axis_name=axis),
    "share": lambda axis: functools.partial(jax.lax.all_gather, axis_name=axis, tiled=True, to="reduced"),
}


class GradSync:
    def __init__(self, steps):
        self.steps = []
        for step in steps:
            op, axis = step.split(":")
            self.steps.append(COLLECTIVES[op](axis))

    def __call__(self, grads):
        for fn in self.steps:
            grads = {name: fn(g) for name, g in grads.items()}
        return grads


def inputs():
    rng = np.random.default_rng(19)
    return ({"w": rng.normal(size=(8, 4)).astype(np.float32), "b": rng.normal(size=(8,)).astype(np.float32)},)


def main(grads):
    mesh = jax.make_mesh((2, 4), ("node", "local"))
    specs = {"w": P("local", None), "b": P("local")}
    grads = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in grads.items()}
    sync = GradSync(["allreduce:local", "share:local"])
    out = {"w": P(None, None, reduced={"local"}), "b": P(None, reduced={"local"})}
    return jax.shard_map(sync, mesh=mesh, in_specs=(specs,), out_specs=out)(grads)


if __name__ == "__main__":
    main(*inputs())
