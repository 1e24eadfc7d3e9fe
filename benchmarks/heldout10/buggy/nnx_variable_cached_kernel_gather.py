"""A hand-written NNX-like object model: modules hold Variables, `split` pulls the state out
for the sharded step and `merge` rebuilds the module inside it."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Variable:
    def __init__(self, value, sharding_axes=()):
        self.value = value
        self.sharding_axes = sharding_axes


class Param(Variable):
    pass


class Linear:
    def __init__(self, kernel, axes=("fsdp", "tp")):
        self.kernel = Param(kernel, axes)

    def prepare(self):
        fsdp_axis = self.kernel.sharding_axes[0]
        self.kernel.value = jax.lax.all_gather(self.kernel.value, fsdp_axis, axis=0,
                                               tiled=True, to="reduced")

    def full_kernel(self):
        return jax.lax.all_gather(self.kernel.value, self.kernel.sharding_axes, axis=1,
                                  tiled=True, to="reduced")

    def __call__(self, x):
        return x @ self.kernel.value


def split(module):
    return type(module), {"kernel": module.kernel.value}


def merge(graphdef, state):
    return graphdef(state["kernel"])


def inputs():
    rng = np.random.default_rng(11)
    x = rng.normal(size=(8, 16)).astype(np.float32)
    kernel = (rng.normal(size=(16, 8)) * 0.1).astype(np.float32)
    return x, kernel


def main(x, kernel):
    mesh = jax.make_mesh((4, 2), ("fsdp", "tp"))
    graphdef, state = split(Linear(kernel))
    state = {"kernel": jax.device_put(state["kernel"], NamedSharding(mesh, P("fsdp", "tp")))}
    x = jax.device_put(x, NamedSharding(mesh, P("fsdp", None)))

    def step(state, x):
        model = merge(graphdef, state)
        model.prepare()
        y = model(x)
        return y, model.full_kernel()

    fn = jax.shard_map(step, mesh=mesh, in_specs=({"kernel": P("fsdp", "tp")}, P("fsdp", None)),
                       out_specs=(P("fsdp", "tp"), P(None, None, reduced={"fsdp", "tp"})))
    return fn(state, x)
