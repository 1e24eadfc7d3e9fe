"""Rolling hedge ratios for the pairs book, scattered back to name shards (research_utils)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- research_utils.sharding (vendored) ---------------------------------------------------

RU_DEFAULTS = {"mesh": {"dates": 2, "names": 4}, "gather_mode": "reduced"}


def mesh_from_defaults():
    m = RU_DEFAULTS["mesh"]
    return jax.make_mesh(tuple(m.values()), tuple(m))


class ShardOps:
    def __init__(self, axis, mode=RU_DEFAULTS["gather_mode"]):
        self.axis = axis
        self.mode = mode

    def gather(self, x, dim=1):
        return jax.lax.all_gather(x, self.axis, axis=dim, tiled=True, to=self.mode)

    def reduce_scatter(self, x, dim=1):
        return jax.lax.psum_scatter(x, self.axis, scatter_dimension=dim, tiled=True)

# ---- research -----------------------------------------------------------------------------


def hedge_ratios(y, x, ops):
    cov = (x * y).mean(axis=0, keepdims=True)
    var = (x * x).mean(axis=0, keepdims=True)
    beta = cov / (var + 1e-9)
    book = ops.gather(beta)
    return ops.reduce_scatter(jnp.tile(book, (y.shape[0], 1)))


def inputs():
    rng = np.random.default_rng(603)
    x = rng.standard_normal((8, 32)).astype(np.float32)
    y = (0.7 * x + 0.3 * rng.standard_normal((8, 32))).astype(np.float32)
    return y, x


def main(y, x):
    mesh = mesh_from_defaults()
    lay = NamedSharding(mesh, P("dates", "names"))
    ops = ShardOps("names")
    betas = jax.shard_map(lambda a, b: hedge_ratios(a, b, ops), mesh=mesh,
                          in_specs=(P("dates", "names"), P("dates", "names")),
                          out_specs=P("dates", "names"))(jax.device_put(y, lay), jax.device_put(x, lay))
    print("hedge ratios", betas.shape)
    return betas


if __name__ == "__main__":
    main(*inputs())
