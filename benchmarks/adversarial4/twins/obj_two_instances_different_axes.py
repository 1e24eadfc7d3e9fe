"""Two instances of one metric class: one over the data axis, one over the model axis."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Mean:
    def __init__(self, axes):
        self.axes = axes

    def __call__(self, v):
        return jax.lax.pmean(v, self.axes)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    over_data = Mean(("data", "model"))
    over_both = Mean(("data", "model"))

    def body(b):
        per_col = over_data(jnp.sum(b, axis=0))
        total = over_both(jnp.sum(b))
        row_sum = jax.lax.psum(jnp.sum(b, axis=1), "model")
        return per_col, total, over_data(jnp.sum(row_sum))

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=(P("model"), P(), P()))(x)


if __name__ == "__main__":
    print(main(*inputs()))
