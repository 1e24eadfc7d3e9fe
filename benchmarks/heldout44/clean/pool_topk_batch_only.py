"""TopK pooling (Graph U-Net): projection scores of all nodes, collected before selecting k."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class TopKPooling:
    def __init__(self, ratio, axes):
        self.ratio = ratio
        self.node_axis, self.batch_axis = axes

    def scores(self, nodes, p):
        raw = nodes @ p / jnp.linalg.norm(p)
        return jax.lax.all_gather(raw[..., 0], self.node_axis, axis=1, tiled=True, to="reduced")

    def collect(self, score):
        return jax.lax.all_gather(score, self.batch_axis, axis=0, tiled=True, to="reduced")

    def __call__(self, nodes, p):
        score = jnp.tanh(self.scores(nodes, p))
        return self.collect(score)


def inputs():
    rng = np.random.default_rng(31)
    return rng.normal(size=(4, 16, 8)).astype(np.float32), rng.normal(size=(8, 1)).astype(np.float32)


def main(nodes, p):
    mesh = jax.make_mesh((2, 4), ("batch", "node"))
    spec = P("batch", "node", None)
    nodes = jax.device_put(nodes, NamedSharding(mesh, spec))
    p = jax.device_put(p, NamedSharding(mesh, P()))
    pool = TopKPooling(ratio=0.5, axes=("node", "batch"))
    return jax.shard_map(pool, mesh=mesh, in_specs=(spec, P()),
                         out_specs=P(None, None, reduced={"batch", "node"}))(nodes, p)


if __name__ == "__main__":
    main(*inputs())
