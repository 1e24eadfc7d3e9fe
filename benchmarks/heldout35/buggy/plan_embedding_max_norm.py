"""Max-norm constraint on embedding rows (column-wise sharded table), applied after the update."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MaxNormConstraint:
    def __init__(self, max_norm=1.0, dim_axis="row"):
        self.max_norm = max_norm
        self.dim_axis = dim_axis

    def row_norms(self, emb):
        full = jax.lax.all_gather(emb, self.dim_axis, axis=1, tiled=True, to="reduced")
        return jnp.sqrt(jnp.sum(full * full, axis=1))

    def scale(self, emb):
        norms = self.row_norms(emb)
        factor = self.max_norm / jnp.maximum(norms, self.max_norm)
        return emb * factor[:, None]


def inputs():
    rng = np.random.default_rng(64)
    return (rng.normal(size=(32, 16)).astype(np.float32),)


def main(emb):
    mesh = jax.make_mesh((2, 4), ("table", "row"))
    emb = jax.device_put(emb, NamedSharding(mesh, P("table", "row")))
    c = MaxNormConstraint()
    fn = jax.shard_map(c.scale, mesh=mesh, in_specs=P("table", "row"), out_specs=P("table", "row"))
    return fn(emb)


if __name__ == "__main__":
    print(main(*inputs()))
