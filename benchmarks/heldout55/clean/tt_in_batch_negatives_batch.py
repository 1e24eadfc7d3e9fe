"""Global in-batch negatives: every replica scores its queries against all candidates."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class CandidateGatherer:
    gather_order = "batch"

    def __init__(self, mesh):
        self.mesh = mesh
        self.feature_axis = mesh.axis_names[1]

    def full_rows(self, item_emb):
        return jax.lax.all_gather(item_emb, self.feature_axis, axis=1, tiled=True, to="reduced")

    def all_candidates(self, item_emb):
        rows = self.full_rows(item_emb)
        return jax.lax.all_gather(rows, self.gather_order, axis=0, tiled=True, to="reduced")


def inputs():
    return (np.random.default_rng(11).normal(size=(16, 32)).astype(np.float32),)


def main(item_emb):
    mesh = jax.make_mesh((2, 4), ("batch", "model"))
    item_emb = jax.device_put(item_emb, NamedSharding(mesh, P("batch", "model")))
    g = CandidateGatherer(mesh)
    f = jax.shard_map(g.all_candidates, mesh=mesh, in_specs=P("batch", "model"),
                      out_specs=P(None, None, reduced={"batch", "model"}))
    return f(item_emb)


if __name__ == "__main__":
    main(*inputs())
