"""SwAV Sinkhorn-Knopp on prototype-sharded scores: after the iterations the column marginals are
kept, per prototype shard, for the equipartition check."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class SinkhornKnopp:
    def __init__(self, dp_axis="dp", proto_axis="proto", iters=3, epsilon=0.05):
        self.dp_axis = dp_axis
        self.proto_axis = proto_axis
        self.iters = iters
        self.epsilon = epsilon

    def marginals(self, scores):
        q = jnp.exp(scores / self.epsilon)
        col = jnp.sum(q, axis=0, keepdims=True)
        for _ in range(self.iters):
            row = jax.lax.psum(jnp.sum(q, axis=1, keepdims=True), self.proto_axis)
            q = q / row
            col = jax.lax.psum(jnp.sum(q, axis=0, keepdims=True), self.dp_axis)
            q = q / col
        return jax.lax.all_gather(col, self.dp_axis, axis=0, tiled=True, to="invarying")


def inputs():
    return (np.random.default_rng(40).normal(size=(16, 8)).astype(np.float32) * 0.1,)


def main(scores):
    mesh = jax.make_mesh((4, 2), ("dp", "proto"))
    scores = jax.device_put(scores, NamedSharding(mesh, P("dp", "proto")))
    sk = SinkhornKnopp()
    return jax.shard_map(sk.marginals, mesh=mesh, in_specs=P("dp", "proto"),
                         out_specs=P(None, "proto"))(scores)


if __name__ == "__main__":
    main(*inputs())
