"""Parallel MLP whose activation is looked up by name (ACT2FN) after the column projection."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ACT2FN = {
    "gelu": jax.nn.gelu,
    "relu": jax.nn.relu,
    "silu": jax.nn.silu,
    "identity": lambda x: x,
}


class ColumnParallelLinear:
    def __init__(self, axis, gather_output):
        self.axis = axis
        self.gather_output = gather_output

    def __call__(self, x, w):
        y = x @ w
        return jax.lax.all_gather(y, self.axis, axis=1, tiled=True, to="reduced") if self.gather_output else y


class ParallelMLP:
    def __init__(self, config):
        self.fc_in = ColumnParallelLinear(config["tp_axis"], config.get("gather_output", False))
        self.act = ACT2FN[config["hidden_act"]]

    def __call__(self, x, w_in):
        return self.act(self.fc_in(x, w_in))


CONFIG = {"tp_axis": "tensor", "hidden_act": "gelu", "gather_output": True}


def inputs():
    rng = np.random.default_rng(26)
    return rng.normal(size=(8, 8)).astype(np.float32), rng.normal(size=(8, 16)).astype(np.float32)


def main(x, w_in):
    mesh = jax.make_mesh((2, 4), ("data", "tensor"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    w_in = jax.device_put(w_in, NamedSharding(mesh, P(None, "tensor")))
    mlp = ParallelMLP(CONFIG)
    return jax.shard_map(mlp, mesh=mesh, in_specs=(P("data", None), P(None, "tensor")),
                         out_specs=P("data", None, reduced={"tensor"}))(x, w_in)


if __name__ == "__main__":
    main(*inputs())
