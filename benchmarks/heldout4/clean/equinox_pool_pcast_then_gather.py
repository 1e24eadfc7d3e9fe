"""An equinox-style encoder (dataclass pytree, `__call__`): the pooled output is averaged over
the batch axis, cast back to varying and gathered reduced for the contrastive head."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@jax.tree_util.register_dataclass
@dataclass(frozen=True)
class Encoder:
    proj: jax.Array
    axis_name: str = field(metadata=dict(static=True), default="batch")

    def __call__(self, x):
        h = x @ self.proj
        pooled = jax.lax.pmean(h.mean(axis=0, keepdims=True), self.axis_name)
        pooled = jax.lax.pcast(pooled, self.axis_name, to="varying")
        return jax.lax.all_gather(pooled, self.axis_name, axis=0, tiled=True, to="reduced")


def inputs():
    x = np.linspace(-1.0, 1.0, 16 * 8, dtype=np.float32).reshape(16, 8)
    return x, np.eye(8, dtype=np.float32)


def main(x, w):
    mesh = jax.make_mesh((8,), ("batch",))
    model = jax.device_put(Encoder(proj=jnp.asarray(w)), NamedSharding(mesh, P()))
    x = jax.device_put(x, NamedSharding(mesh, P("batch")))
    run = jax.shard_map(lambda m, xs: m(xs), mesh=mesh, in_specs=(P(), P("batch")),
                        out_specs=P(reduced={"batch"}))
    return run(model, x)


if __name__ == "__main__":
    print(main(*inputs()))
