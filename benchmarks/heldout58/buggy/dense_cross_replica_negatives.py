"""Passages from every replica used as in-batch negatives (gather across the mesh)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class InBatchNegatives:
    def __init__(self, mesh):
        self.negative_axes = mesh.axis_names
        self.hidden_axis = mesh.axis_names[-1]

    def passages(self, p_emb):
        full_dim = jax.lax.all_gather(p_emb, self.hidden_axis, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(full_dim, self.negative_axes, axis=0, tiled=True, to="reduced")

    def __call__(self, q_emb, p_emb):
        return q_emb, self.passages(p_emb)


def inputs():
    rng = np.random.default_rng(41)
    q = rng.standard_normal((8, 16), dtype=np.float32)
    p = rng.standard_normal((8, 16), dtype=np.float32)
    return q, p


def main(q, p):
    mesh = jax.make_mesh((2, 4), ("replica", "shard"))
    negatives = InBatchNegatives(mesh)
    spec = P("replica", "shard")
    q = jax.device_put(q, NamedSharding(mesh, spec))
    p = jax.device_put(p, NamedSharding(mesh, spec))
    fn = jax.shard_map(
        negatives,
        mesh=mesh,
        in_specs=(spec, spec),
        out_specs=(spec, P(None, None, reduced={"replica", "shard"})),
    )
    return fn(q, p)


if __name__ == "__main__":
    main(*inputs())
