"""Cross-variable aggregation: attention weights of each variable token over the grid."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class VariableAggregation:
    def __init__(self, token_axis="token", dim=8):
        self.token_axis = token_axis
        self.scale = 1.0 / np.sqrt(dim)

    def __call__(self, query, keys):
        scores = jnp.einsum("bd,btd->bt", query, keys) * self.scale
        all_scores = jax.lax.all_gather(scores, self.token_axis, axis=-1, tiled=True, to="reduced")
        weights = jax.nn.softmax(all_scores, axis=-1)
        return weights


def inputs():
    rng = np.random.default_rng(54)
    return rng.standard_normal((4, 8)).astype(np.float32), rng.standard_normal((4, 16, 8)).astype(np.float32)


def main(query, keys):
    mesh = jax.make_mesh((2, 4), ("batch", "token"))
    query = jax.device_put(query, NamedSharding(mesh, P("batch", None)))
    keys = jax.device_put(keys, NamedSharding(mesh, P("batch", "token", None)))
    agg = VariableAggregation()
    return jax.shard_map(agg, mesh=mesh, in_specs=(P("batch", None), P("batch", "token", None)),
                         out_specs=P("batch", None))(query, keys)


if __name__ == "__main__":
    main(*inputs())
