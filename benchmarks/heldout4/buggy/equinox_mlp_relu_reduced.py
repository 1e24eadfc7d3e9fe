"""An equinox-style MLP written by hand: `Linear` and `MLP` are dataclass pytrees with
`__call__`; the hidden activations are gathered over 'tp' (reduced) and then activated."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@jax.tree_util.register_dataclass
@dataclass
class Linear:
    weight: jax.Array

    def __call__(self, x):
        return x @ self.weight


@jax.tree_util.register_dataclass
@dataclass
class MLP:
    up: Linear
    down: Linear
    tp_axis: str = field(default="tp", metadata={"static": True})

    def __call__(self, x):
        h = self.up(x)
        h = jax.lax.all_gather(h, self.tp_axis, axis=1, tiled=True, to="reduced")
        h = jax.nn.relu(h)
        return self.down(h)


def inputs():
    x = np.arange(4 * 8, dtype=np.float32).reshape(4, 8) / 32.0 - 0.5
    up = np.ones((8, 16), np.float32) / 8.0
    down = np.ones((16, 8), np.float32) / 16.0
    return x, up, down


def main(x, up, down):
    mesh = jax.make_mesh((4, 2), ("tp", "dp"))
    model = MLP(up=Linear(up), down=Linear(down))
    specs = MLP(up=Linear(P(None, "tp")), down=Linear(P()))
    model = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), model, specs)
    x = jax.device_put(x, NamedSharding(mesh, P("dp")))
    f = jax.shard_map(lambda m, xs: m(xs), mesh=mesh, in_specs=(specs, P("dp")), out_specs=P("dp"))
    return f(model, x)


if __name__ == "__main__":
    print(main(*inputs()))
