"""A flax-nnx-like stateful BatchNorm: Variables hold mutable state, the module is split into
graph and state around a sharded step and merged back after it."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Variable:
    def __init__(self, value):
        self.value = value


class BatchStat(Variable):
    pass


class Param(Variable):
    pass


class BatchNorm:
    def __init__(self, features, axis_name="dp", momentum=0.9):
        self.scale = Param(jnp.ones((features,), jnp.float32))
        self.mean = BatchStat(jnp.zeros((1, features), jnp.float32))
        self.axis_name = axis_name
        self.momentum = momentum

    def state(self):
        return {"scale": self.scale.value, "mean": self.mean.value}

    def update(self, state):
        self.scale.value = state["scale"]
        self.mean.value = state["mean"]


def bn_step(module, state, x):
    batch_mean = jax.lax.pmean(x.mean(axis=0, keepdims=True), module.axis_name)
    new_mean = jax.lax.all_gather(batch_mean, module.axis_name, to="reduced", axis=0, tiled=True)
    y = (x - batch_mean) * state["scale"]
    return y, {"scale": state["scale"], "mean": new_mean}


def inputs():
    return (np.arange(64 * 4, dtype=np.float32).reshape(64, 4) % 7,)


def main(x):
    mesh = jax.make_mesh((8,), ("dp",))
    bn = BatchNorm(4)
    x = jax.device_put(x, NamedSharding(mesh, P("dp")))
    state = jax.device_put(bn.state(), NamedSharding(mesh, P()))
    step = jax.shard_map(lambda s, xs: bn_step(bn, s, xs), mesh=mesh,
                         in_specs=(P(), P("dp")),
                         out_specs=(P("dp"), {"scale": P(), "mean": P(reduced={"dp"})}))
    y, new_state = step(state, x)
    bn.update(new_state)
    return y, bn.mean.value


if __name__ == "__main__":
    print(main(*inputs()))
